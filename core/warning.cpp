#include "core/warning.h"

namespace agv {

namespace {
thread_local WarningHandler t_handler;
thread_local std::vector<Warning> t_unhandled;
}  // namespace

void warn(const std::string& category, const std::string& message)
{
    Warning w{category, message};
    if (t_handler)
        t_handler(w);
    else
        t_unhandled.push_back(std::move(w));
}

WarningHandler setWarningHandler(WarningHandler handler)
{
    WarningHandler previous = std::move(t_handler);
    t_handler = std::move(handler);
    return previous;
}

std::vector<Warning> takeUnhandledWarnings()
{
    std::vector<Warning> out;
    out.swap(t_unhandled);
    return out;
}

}  // namespace agv

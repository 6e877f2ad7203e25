#pragma once
// Warnings the core raises (UserWarning ...). The interpreter installs a handler that
// prints them as Python's warnings module does; without one they go to a buffer
// that tests can read.

#include <functional>
#include <string>
#include <vector>

namespace agv {

struct Warning {
    std::string category;  ///< "UserWarning"
    std::string message;
};

using WarningHandler = std::function<void(const Warning&)>;

void warn(const std::string& category, const std::string& message);
/// Installs a handler for this thread; returns the previous one.
WarningHandler setWarningHandler(WarningHandler handler);
/// Warnings raised on this thread while no handler was installed (oldest first).
std::vector<Warning> takeUnhandledWarnings();

}  // namespace agv

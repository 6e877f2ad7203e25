#include "core/device/memory_role.h"

#include <vector>

namespace agv {

namespace {
thread_local trace::MemoryRole t_role = trace::MemoryRole::None;
thread_local std::vector<trace::MemoryRole> t_pushed;
}  // namespace

trace::MemoryRole currentMemoryRole() { return t_role; }

void pushMemoryRole(trace::MemoryRole role)
{
    t_pushed.push_back(t_role);
    t_role = role;
}

void popMemoryRole()
{
    if (t_pushed.empty())
        return;
    t_role = t_pushed.back();
    t_pushed.pop_back();
}

}  // namespace agv

#pragma once
// What the memory allocated right now is for, when the context knows it better than the
// allocation does: a saved-tensor pack hook's copies, an optimizer's state. The allocator
// writes it into MemoryChanged.role; Note [Who holds the bytes] reads it.

#include "core/trace/event.h"

namespace agv {

/// The innermost role in force on this thread (None outside every scope).
trace::MemoryRole currentMemoryRole();

/// Allocations made until the matching pop are for `role`. Pops undo pushes in reverse
/// order; the optimizer wrapper (Python) pushes and pops around step().
void pushMemoryRole(trace::MemoryRole role);
void popMemoryRole();

/// A push for the lifetime of a C++ scope.
class MemoryRoleScope {
public:
    explicit MemoryRoleScope(trace::MemoryRole role) { pushMemoryRole(role); }
    ~MemoryRoleScope() { popMemoryRole(); }
    MemoryRoleScope(const MemoryRoleScope&) = delete;
    MemoryRoleScope& operator=(const MemoryRoleScope&) = delete;
};

}  // namespace agv

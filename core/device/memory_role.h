#pragma once
// What the memory allocated right now is for, when the context knows it better than the
// allocation does: a saved-tensor pack hook's copies, an optimizer's state. The allocator
// writes it into MemoryChanged.role; Note [Who holds the bytes] reads it.

#include "core/trace/event.h"

namespace agv {

/// The innermost role in force on this thread (None outside every scope).
trace::MemoryRole currentMemoryRole();

/// Allocations made while it lives are for `role`.
class MemoryRoleScope {
public:
    explicit MemoryRoleScope(trace::MemoryRole role);
    ~MemoryRoleScope();
    MemoryRoleScope(const MemoryRoleScope&) = delete;
    MemoryRoleScope& operator=(const MemoryRoleScope&) = delete;

private:
    trace::MemoryRole m_previous;
};

/// For Python's `with`: push and pop without a C++ scope (the torch module's optimizer
/// wrapper). Pops in the reverse order of pushes.
void pushMemoryRole(trace::MemoryRole role);
void popMemoryRole();

}  // namespace agv

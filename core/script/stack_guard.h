#pragma once
// Guards the C++ stack. Recursion in the interpreter (nested calls, deep
// expressions, repr of deeply nested lists, hashing deep tuples) checks how much
// stack is left and raises RecursionError instead of crashing, whatever the size of
// the thread's stack (GUI worker thread, sanitizer builds with fat frames...).

#include <cstddef>

namespace agv::script {

/// Marks the current stack position as the base for this thread's checks. The
/// usable amount is derived from the thread's real stack size.
class StackBaseScope {
public:
    StackBaseScope();
    ~StackBaseScope();
    StackBaseScope(const StackBaseScope&) = delete;
    StackBaseScope& operator=(const StackBaseScope&) = delete;

private:
    const char* m_previousLimit;
};

/// True when less than a safety margin of stack remains.
bool stackNearlyExhausted();

/// Throws PyError(RecursionError, message) when the stack is nearly exhausted.
void checkStack(const char* message = "maximum recursion depth exceeded");

}  // namespace agv::script

#include "core/script/stack_guard.h"

#include <pthread.h>

#include "core/script/exceptions.h"

namespace agv::script {

namespace {

thread_local const char* t_stackLimit = nullptr;

// Leave room for native host code (tensor printing, BLAS) below the last check.
constexpr size_t kSafetyMargin = 256 * 1024;
// Used when the thread's stack size cannot be queried.
constexpr size_t kFallbackStackSize = 4 * 1024 * 1024;

const char* currentPosition()
{
    return static_cast<const char*>(__builtin_frame_address(0));
}

size_t remainingStackBelow(const char* here)
{
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return kFallbackStackSize;
    void* base = nullptr;
    size_t size = 0;
    size_t remaining = kFallbackStackSize;
    if (pthread_attr_getstack(&attr, &base, &size) == 0 && base) {
        const char* low = static_cast<const char*>(base);
        if (here > low && static_cast<size_t>(here - low) <= size)
            remaining = static_cast<size_t>(here - low);
    }
    pthread_attr_destroy(&attr);
    return remaining;
}

}  // namespace

StackBaseScope::StackBaseScope() : m_previousLimit(t_stackLimit)
{
    const char* here = currentPosition();
    size_t remaining = remainingStackBelow(here);
    size_t usable = remaining > 2 * kSafetyMargin ? remaining - kSafetyMargin : remaining / 2;
    t_stackLimit = here - usable;
}

StackBaseScope::~StackBaseScope() { t_stackLimit = m_previousLimit; }

bool stackNearlyExhausted()
{
    return t_stackLimit && currentPosition() < t_stackLimit;
}

void checkStack(const char* message)
{
    if (stackNearlyExhausted()) [[unlikely]]
        throw PyError(BuiltinExc::RecursionError, message);
}

}  // namespace agv::script

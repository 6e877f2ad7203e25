#pragma once
// Where the core sends events. With no sink attached the core builds nothing:
// every emission site is `if (trace::enabled()) trace::publish(Payload{...})`, so a
// run without a sink pays one branch per op.

#include "core/trace/event.h"

namespace agv::trace {

class Sink {
public:
    virtual ~Sink() = default;
    virtual void record(Payload payload, int line) = 0;
};

namespace detail {
inline thread_local Sink* t_sink = nullptr;
inline thread_local int t_line = 0;
inline thread_local int t_muteDepth = 0;
}  // namespace detail

/// The sink attached to this thread, or nullptr.
inline Sink* sink() { return detail::t_sink; }
inline void setSink(Sink* s) { detail::t_sink = s; }

/// The script line the interpreter is executing (0 outside a script).
inline int currentLine() { return detail::t_line; }
inline void setCurrentLine(int line) { detail::t_line = line; }

/// True when graph events should be built: a sink is attached and we are not inside
/// engine-internal computation (backward formulas, temporaries) that learners never see.
inline bool enabled() { return detail::t_sink != nullptr && detail::t_muteDepth == 0; }

/// Appends a graph event (dropped while muted).
inline void publish(Payload payload)
{
    if (enabled())
        detail::t_sink->record(std::move(payload), detail::t_line);
}

/// Appends an event even while muted (memory accounting must see every allocation).
inline void publishAlways(Payload payload)
{
    if (detail::t_sink)
        detail::t_sink->record(std::move(payload), detail::t_line);
}

/// Attaches a sink for the lifetime of this object (restores the previous one).
class ScopedSink {
public:
    explicit ScopedSink(Sink* s) : m_previous(sink()) { setSink(s); }
    ~ScopedSink() { setSink(m_previous); }
    ScopedSink(const ScopedSink&) = delete;
    ScopedSink& operator=(const ScopedSink&) = delete;

private:
    Sink* m_previous;
};

/// Suppresses graph events (not memory events) in a scope.
class MuteGuard {
public:
    MuteGuard() { ++detail::t_muteDepth; }
    ~MuteGuard() { --detail::t_muteDepth; }
    MuteGuard(const MuteGuard&) = delete;
    MuteGuard& operator=(const MuteGuard&) = delete;
};

/// Suppresses graph events until the matching endMute(): for library code written in
/// Python (torch/utils/checkpoint.py's bookkeeping) that learners never see.
inline void beginMute() { ++detail::t_muteDepth; }
inline void endMute()
{
    if (detail::t_muteDepth > 0)
        --detail::t_muteDepth;
}

/// Re-enables graph events until restoreMute(returned value): for scopes that open and
/// close in different calls (a checkpoint's recompute, entered and left from Python).
inline int unmute()
{
    const int saved = detail::t_muteDepth;
    detail::t_muteDepth = 0;
    return saved;
}
inline void restoreMute(int saved) { detail::t_muteDepth = saved; }

/// Re-enables graph events inside a muted scope (the engine reports .grad updates).
class ScopedUnmute {
public:
    ScopedUnmute() : m_saved(detail::t_muteDepth) { detail::t_muteDepth = 0; }
    ~ScopedUnmute() { detail::t_muteDepth = m_saved; }
    ScopedUnmute(const ScopedUnmute&) = delete;
    ScopedUnmute& operator=(const ScopedUnmute&) = delete;

private:
    int m_saved;
};

}  // namespace agv::trace

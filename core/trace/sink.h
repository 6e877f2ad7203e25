#pragma once
// Where the core sends events. With no sink attached the core builds nothing:
// every emission site is `if (auto* s = trace::sink()) s->emit(...)`.

#include "core/trace/event.h"

namespace agv::trace {

class Sink {
public:
    virtual ~Sink() = default;
    virtual void record(Payload payload, int line) = 0;
};

/// The sink attached to this thread, or nullptr.
Sink* sink();
void setSink(Sink* sink);

/// The script line the interpreter is executing (0 outside a script).
int currentLine();
void setCurrentLine(int line);

/// Appends an event to the attached sink, tagging it with the current line.
inline void emit(Payload payload)
{
    if (Sink* s = sink())
        s->record(std::move(payload), currentLine());
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

}  // namespace agv::trace

#pragma once
// A run's events in order. The GUI plays a Recording; tests assert on it.

#include <string>
#include <vector>

#include "core/trace/sink.h"

namespace agv::trace {

/// A lecturer's note pinned to a step, and to a node when `node` is set. Not an event
/// of the run: it is saved with the trace (a "Note" line) and never replayed.
struct Note {
    uint64_t step = 0;  ///< shown from this step on (the state after `step` events)
    Id node = 0;
    std::string text;

    bool operator==(const Note&) const = default;
};

class Recording : public Sink {
public:
    void record(Payload payload, int line) override;

    const std::vector<Event>& events() const { return m_events; }
    size_t size() const { return m_events.size(); }
    bool empty() const { return m_events.empty(); }
    const Event& operator[](size_t i) const { return m_events[i]; }
    /// Room for `events` events (readers that know the input's size avoid regrowing).
    void reserve(size_t events) { m_events.reserve(events); }
    void clear()
    {
        m_events.clear();
        m_notes.clear();
    }

    const std::vector<Note>& notes() const { return m_notes; }
    void setNotes(std::vector<Note> notes) { m_notes = std::move(notes); }
    void addNote(Note note) { m_notes.push_back(std::move(note)); }

    /// Events whose payload is of type T, in order (handy in tests).
    template <typename T>
    std::vector<const T*> all() const
    {
        std::vector<const T*> out;
        for (const Event& e : m_events)
            if (const T* p = std::get_if<T>(&e.payload))
                out.push_back(p);
        return out;
    }

private:
    std::vector<Event> m_events;
    std::vector<Note> m_notes;
};

}  // namespace agv::trace

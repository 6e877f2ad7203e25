#pragma once
// A run's events in order. The GUI plays a Recording; tests assert on it.

#include <vector>

#include "core/trace/sink.h"

namespace agv::trace {

class Recording : public Sink {
public:
    void record(Payload payload, int line) override;

    const std::vector<Event>& events() const { return m_events; }
    size_t size() const { return m_events.size(); }
    bool empty() const { return m_events.empty(); }
    const Event& operator[](size_t i) const { return m_events[i]; }
    void clear() { m_events.clear(); }

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
};

}  // namespace agv::trace

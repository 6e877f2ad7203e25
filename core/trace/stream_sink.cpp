#include "core/trace/stream_sink.h"

#include <cerrno>
#include <unistd.h>

#include "core/trace/trace_jsonl.h"

namespace agv::trace {

namespace {
// Big enough that a fast run makes few system calls, small enough that the GUI sees
// a slow run move: whichever comes first, this many bytes or this much time.
constexpr size_t kFlushBytes = 256 * 1024;
constexpr auto kFlushInterval = std::chrono::milliseconds(30);
}  // namespace

StreamSink::StreamSink(int fd, TraceFormat format)
    : m_fd(fd), m_format(format), m_lastFlush(std::chrono::steady_clock::now())
{
    if (m_format == TraceFormat::Binary)
        BinaryTraceEncoder::writeHeader(m_buffer);
}

StreamSink::~StreamSink() { flush(); }

void StreamSink::record(Payload payload, int line)
{
    // Output and errors are written at once: a host killed right after a print still
    // delivers the text (prints are rare next to graph events, so this costs little).
    const bool urgent = std::holds_alternative<Output>(payload) || std::holds_alternative<ErrorRaised>(payload);
    if (m_format == TraceFormat::Binary) {
        m_encoder.writeEvent(m_buffer, payload, line);
        ++m_step;
    } else {
        Event e;
        e.step = m_step++;
        e.line = line;
        e.payload = std::move(payload);
        m_buffer += eventToJson(e);
        m_buffer += '\n';
    }
    // The clock is read every 64 events: cheap, and still within a few ms for slow runs.
    if (urgent || m_buffer.size() >= kFlushBytes ||
        ((m_step & 63) == 0 && std::chrono::steady_clock::now() - m_lastFlush >= kFlushInterval))
        flush();
}

void StreamSink::writeNote(const Note& note)
{
    if (m_format == TraceFormat::Binary)
        m_encoder.writeNote(m_buffer, note);
    else
        m_buffer += noteToJson(note) + '\n';
}

bool StreamSink::flush()
{
    m_lastFlush = std::chrono::steady_clock::now();
    size_t done = 0;
    while (!m_broken && done < m_buffer.size()) {
        const ssize_t n = ::write(m_fd, m_buffer.data() + done, m_buffer.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            m_broken = true;  // the reader is gone: keep running, stop writing
        else
            done += size_t(n);
    }
    m_buffer.clear();
    return !m_broken;
}

}  // namespace agv::trace

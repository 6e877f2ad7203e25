#pragma once
// A Sink that streams every event to a file descriptor while the run goes on: the
// script host writes its recording to the GUI through a pipe (the binary trace), so the
// graph grows live and a killed host still leaves what it recorded so far; `--run
// --trace FILE` writes the file the same way, without keeping the run in memory.

#include <chrono>
#include <string>

#include "core/trace/sink.h"
#include "core/trace/trace_binary.h"
#include "core/trace/trace_file.h"

namespace agv::trace {

class StreamSink : public Sink {
public:
    /// Writes to `fd` (not closed by the sink).
    explicit StreamSink(int fd, TraceFormat format = TraceFormat::Binary);
    ~StreamSink() override;
    StreamSink(const StreamSink&) = delete;
    StreamSink& operator=(const StreamSink&) = delete;

    void record(Payload payload, int line) override;
    /// Writes a note (not an event) into the stream; readers add it to the recording's notes.
    void writeNote(const Note& note);
    /// Writes what is buffered; false once the reader has gone away.
    bool flush();
    uint64_t eventCount() const { return m_step; }

private:
    int m_fd;
    TraceFormat m_format;
    BinaryTraceEncoder m_encoder;
    uint64_t m_step = 0;
    std::string m_buffer;
    std::chrono::steady_clock::time_point m_lastFlush;
    bool m_broken = false;
};

}  // namespace agv::trace

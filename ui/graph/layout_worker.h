#pragma once
// Note [A persistent layout worker]
// Starting `autogradviz --layout` costs about 0.15 s (exec, dynamic linking, Graphviz's
// plugin loading) against a few milliseconds for laying out one module's worth of boxes,
// so a collapse or expand that started a child per layout felt slow. A LayoutWorker keeps
// one child alive and sends it one framed request after another (Note [Layout frames]);
// the child loops over its stdin until EOF. Every safety property of Note [Layout in a
// child process] stays: a crash, a time-out or a garbled reply kills this child, costs
// the caller a fallback, and the next layout starts a fresh child.
//
// The child is a plain fork/exec with sockets rather than a QProcess: a QProcess belongs
// to the thread that made it, but layouts are asked for from the GUI thread and from the
// run threads alike. Idle workers wait in a small pool; a thread takes one for the time
// of a request (or starts one when none is idle), so two threads never share a child and
// never wait for each other's layouts.
//
// Note [Layout frames]
// A frame is a header line "agv-layout-frame <byte count>" followed by exactly that many
// bytes; requests and replies alike. A reply frame holds a layout reply
// (encodeLayoutReply()) or "agv-layout-error\n" and Graphviz's complaint.

#include <QByteArray>
#include <QString>

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace agv::ui {

constexpr char kLayoutFrameTag[] = "agv-layout-frame";
constexpr char kLayoutErrorTag[] = "agv-layout-error";
/// Largest frame either side accepts (a 100,000-item request is about 5 MB).
constexpr qint64 kMaxLayoutFrameBytes = qint64(1) << 30;

/// "agv-layout-frame <n>\n" + payload.
QByteArray layoutFrame(const QByteArray& payload);

/// One `PROGRAM --layout` child serving framed requests (Note [A persistent layout worker]).
/// Not thread-safe: one thread uses a worker at a time.
class LayoutWorker {
public:
    enum class Failure {
        None,
        CannotStart,
        TimedOut,
        Gone,      ///< the child ended (or closed its output) before a whole reply
        Garbled,   ///< the child answered something that is not a frame
    };

    explicit LayoutWorker(QString program);
    ~LayoutWorker();
    LayoutWorker(const LayoutWorker&) = delete;
    LayoutWorker& operator=(const LayoutWorker&) = delete;

    /// Sends `request` as one frame and reads one reply frame into `reply`, starting the
    /// child first if needed; within `timeoutMs`. On failure the child is stopped (the
    /// next exchange starts a fresh one) and `error` says what went wrong.
    bool exchange(const QByteArray& request, QByteArray* reply, QString* error, int timeoutMs);

    Failure lastFailure() const { return m_lastFailure; }
    const QString& program() const { return m_program; }
    /// The child's process id (0 when none runs).
    pid_t pid() const { return m_pid; }

private:
    bool start(QString* error);
    void stop();
    bool fail(Failure failure, const QString& why, QString* error);
    /// The reason for a child that went away: its exit status and the end of its stderr.
    QString whyGone(qint64 deadlineMs);
    void drainStderr();

    QString m_program;
    pid_t m_pid = 0;
    int m_socket = -1;  ///< our end of the child's stdin and stdout
    int m_stderr = -1;  ///< read end of the child's stderr
    QByteArray m_stderrTail;
    Failure m_lastFailure = Failure::None;
};

/// A worker for `program` from the idle pool, or a new one (not started yet).
std::unique_ptr<LayoutWorker> takeLayoutWorker(const QString& program);
/// Puts a worker that just answered back in the pool (stopping it when the pool is full).
void returnLayoutWorker(std::unique_ptr<LayoutWorker> worker);
/// Stops every idle worker (at exit, or when the worker program changes).
void stopLayoutWorkers();
/// Process ids of the idle workers, for tests.
std::vector<pid_t> idleLayoutWorkerPids();
/// How many worker children have been started so far, for tests and benchmarks.
int64_t layoutWorkersStarted();

}  // namespace agv::ui

#include "ui/graph/layout_worker.h"

#include <QByteArrayList>
#include <QDeadlineTimer>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace agv::ui {

namespace {

/// Idle workers kept between layouts: the GUI thread's and one run thread's.
constexpr size_t kMaxIdleWorkers = 2;
/// What of a child's stderr is kept to explain its failure.
constexpr qsizetype kStderrTailBytes = 4096;

std::atomic<int64_t> g_workersStarted{0};

struct WorkerPool {
    std::mutex mutex;
    std::vector<std::unique_ptr<LayoutWorker>> idle;
};

WorkerPool& workerPool()
{
    // Its destructor stops the idle children at exit, so none outlives the GUI.
    static WorkerPool pool;
    return pool;
}

void closeFd(int& fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

int remainingMs(const QDeadlineTimer& deadline)
{
    return int(std::min<qint64>(deadline.remainingTime(), 1 << 30));
}

}  // namespace

QByteArray layoutFrame(const QByteArray& payload)
{
    QByteArray frame = QByteArray(kLayoutFrameTag) + ' ' + QByteArray::number(payload.size()) + '\n';
    frame += payload;
    return frame;
}

LayoutWorker::LayoutWorker(QString program) : m_program(std::move(program)) {}

LayoutWorker::~LayoutWorker() { stop(); }

bool LayoutWorker::start(QString* error)
{
    int sockets[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
        return fail(Failure::CannotStart, QStringLiteral("cannot start the layout process %1: %2")
                                              .arg(m_program, QString::fromLocal8Bit(std::strerror(errno))),
                    error);
    int errPipe[2];
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        const int e = errno;
        ::close(sockets[0]);
        ::close(sockets[1]);
        return fail(Failure::CannotStart, QStringLiteral("cannot start the layout process %1: %2")
                                              .arg(m_program, QString::fromLocal8Bit(std::strerror(e))),
                    error);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, sockets[1], 0);
    posix_spawn_file_actions_adddup2(&actions, sockets[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    // The child starts with default signals whatever the calling thread blocks or the
    // GUI ignores: SIGPIPE must end an orphaned worker.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, pipe;
    sigemptyset(&none);
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &pipe);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    const QByteArray program = m_program.toLocal8Bit();
    char layoutFlag[] = "--layout";
    char* argv[] = {const_cast<char*>(program.constData()), layoutFlag, nullptr};
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, program.constData(), &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(sockets[1]);
    ::close(errPipe[1]);
    if (spawned != 0) {
        ::close(sockets[0]);
        ::close(errPipe[0]);
        return fail(Failure::CannotStart, QStringLiteral("cannot start the layout process %1: %2")
                                              .arg(m_program, QString::fromLocal8Bit(std::strerror(spawned))),
                    error);
    }
    m_pid = pid;
    m_socket = sockets[0];
    m_stderr = errPipe[0];
    ::fcntl(m_socket, F_SETFL, ::fcntl(m_socket, F_GETFL) | O_NONBLOCK);
    ::fcntl(m_stderr, F_SETFL, ::fcntl(m_stderr, F_GETFL) | O_NONBLOCK);
    ++g_workersStarted;
    return true;
}

void LayoutWorker::stop()
{
    closeFd(m_socket);
    closeFd(m_stderr);
    if (m_pid > 0) {
        // An idle worker holds nothing worth a graceful end, and a busy one is being
        // given up on: kill, then reap, so no zombie is left.
        ::kill(m_pid, SIGKILL);
        while (::waitpid(m_pid, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
    m_pid = 0;
}

bool LayoutWorker::fail(Failure failure, const QString& why, QString* error)
{
    m_lastFailure = failure;
    if (error)
        *error = why;
    stop();
    return false;
}

void LayoutWorker::drainStderr()
{
    char buffer[4096];
    for (ssize_t n; m_stderr >= 0;) {
        n = ::read(m_stderr, buffer, sizeof buffer);
        if (n == 0) {
            closeFd(m_stderr);
            break;
        }
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN)
                closeFd(m_stderr);
            break;
        }
        m_stderrTail.append(buffer, n);
    }
    if (m_stderrTail.size() > kStderrTailBytes)
        m_stderrTail = m_stderrTail.right(kStderrTailBytes);
}

QString LayoutWorker::whyGone(qint64 deadlineMs)
{
    // The child closed its output: read its stderr to the end (it ends when the child
    // does), then its exit status.
    const QDeadlineTimer deadline(deadlineMs);
    while (m_stderr >= 0 && !deadline.hasExpired()) {
        pollfd p{m_stderr, POLLIN, 0};
        const int ready = ::poll(&p, 1, remainingMs(deadline));
        if (ready < 0 && errno != EINTR)
            break;
        drainStderr();
    }
    const QString stderrText = QString::fromLocal8Bit(m_stderrTail).trimmed();
    // Its stderr closes a moment before the child can be reaped: wait for that moment
    // on a pidfd, within the deadline (a child that keeps running is killed by fail()).
    if (const int pidfd = int(::syscall(SYS_pidfd_open, m_pid, 0)); pidfd >= 0) {
        pollfd p{pidfd, POLLIN, 0};
        while (::poll(&p, 1, remainingMs(deadline)) < 0 && errno == EINTR) {
        }
        ::close(pidfd);
    }
    int status = 0;
    pid_t reaped = 0;
    while ((reaped = ::waitpid(m_pid, &status, WNOHANG)) < 0 && errno == EINTR) {
    }
    if (reaped == m_pid) {
        m_pid = 0;
        if (WIFSIGNALED(status))
            return QStringLiteral("Graphviz crashed (signal %1%2)")
                .arg(WTERMSIG(status))
                .arg(stderrText.isEmpty() ? QString() : QStringLiteral(": ") + stderrText);
        if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
            return QStringLiteral("Graphviz failed: %1").arg(stderrText);
        return QStringLiteral("the layout process ended without an answer");
    }
    return QStringLiteral("the layout process closed its output without an answer");
}

bool LayoutWorker::exchange(const QByteArray& request, QByteArray* reply, QString* error, int timeoutMs)
{
    m_lastFailure = Failure::None;
    if (m_pid == 0 && !start(error))
        return false;
    m_stderrTail.clear();
    const QDeadlineTimer deadline(timeoutMs);
    const QByteArray frame = layoutFrame(request);
    qsizetype written = 0;
    QByteArray received;
    qint64 expected = -1;       // payload bytes, once the header is read
    qsizetype payloadStart = 0;
    auto timedOut = [&] {
        return fail(Failure::TimedOut, QStringLiteral("Graphviz took longer than %1 s").arg(timeoutMs / 1000.0), error);
    };
    auto gone = [&] {
        const QString why = whyGone(std::max<qint64>(0, deadline.remainingTime()));
        return fail(Failure::Gone, why, error);
    };
    for (;;) {
        // Write and read at once: the child's replies and stderr never wait on our writes.
        pollfd fds[2] = {{m_socket, short(POLLIN | (written < frame.size() ? POLLOUT : 0)), 0},
                         {m_stderr, POLLIN, 0}};
        if (deadline.hasExpired())
            return timedOut();
        const int ready = ::poll(fds, m_stderr >= 0 ? 2 : 1, remainingMs(deadline));
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            return gone();
        }
        if (ready == 0)
            return timedOut();
        if (m_stderr >= 0 && fds[1].revents)
            drainStderr();
        if (written < frame.size() && (fds[0].revents & POLLOUT)) {
            const ssize_t n = ::send(m_socket, frame.constData() + written, size_t(frame.size() - written), MSG_NOSIGNAL);
            if (n < 0 && errno != EAGAIN && errno != EINTR)
                return gone();
            if (n > 0)
                written += n;
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buffer[65536];
            const ssize_t n = ::recv(m_socket, buffer, sizeof buffer, 0);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
                return gone();
            if (n > 0)
                received.append(buffer, n);
        }
        if (expected < 0) {
            const qsizetype newline = received.indexOf('\n');
            if (newline < 0 && received.size() > 64)
                return fail(Failure::Garbled, QStringLiteral("the layout process answered something that is not a layout"), error);
            if (newline >= 0) {
                const QList<QByteArray> header = received.left(newline).split(' ');
                bool ok = header.size() == 2 && header[0] == kLayoutFrameTag;
                expected = ok ? header[1].toLongLong(&ok) : -1;
                if (!ok || expected < 0 || expected > kMaxLayoutFrameBytes)
                    return fail(Failure::Garbled, QStringLiteral("the layout process answered something that is not a layout"),
                                error);
                payloadStart = newline + 1;
            }
        }
        if (expected >= 0 && received.size() - payloadStart > expected)
            return fail(Failure::Garbled, QStringLiteral("the layout process answered more than it announced"), error);
        if (expected >= 0 && received.size() - payloadStart == expected && written == frame.size())
            break;
    }
    *reply = received.mid(payloadStart);
    return true;
}

std::unique_ptr<LayoutWorker> takeLayoutWorker(const QString& program)
{
    WorkerPool& pool = workerPool();
    std::lock_guard lock(pool.mutex);
    for (auto it = pool.idle.begin(); it != pool.idle.end(); ++it)
        if ((*it)->program() == program) {
            std::unique_ptr<LayoutWorker> worker = std::move(*it);
            pool.idle.erase(it);
            return worker;
        }
    return std::make_unique<LayoutWorker>(program);
}

void returnLayoutWorker(std::unique_ptr<LayoutWorker> worker)
{
    if (!worker || worker->pid() == 0)
        return;
    std::unique_ptr<LayoutWorker> surplus;  // stopped outside the lock
    WorkerPool& pool = workerPool();
    std::lock_guard lock(pool.mutex);
    pool.idle.push_back(std::move(worker));
    if (pool.idle.size() > kMaxIdleWorkers) {
        surplus = std::move(pool.idle.front());
        pool.idle.erase(pool.idle.begin());
    }
}

void stopLayoutWorkers()
{
    std::vector<std::unique_ptr<LayoutWorker>> stopped;
    WorkerPool& pool = workerPool();
    {
        std::lock_guard lock(pool.mutex);
        stopped.swap(pool.idle);
    }
}

std::vector<pid_t> idleLayoutWorkerPids()
{
    WorkerPool& pool = workerPool();
    std::lock_guard lock(pool.mutex);
    std::vector<pid_t> pids;
    for (const auto& worker : pool.idle)
        pids.push_back(worker->pid());
    return pids;
}

int64_t layoutWorkersStarted() { return g_workersStarted.load(); }

}  // namespace agv::ui

#include "app/host_mode.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

#include "app/heap.h"
#include "core/python/host.h"
#include "core/trace/stream_sink.h"

int runHostMode(const HostModeOptions& options)
{
    // The stream gets a private copy of stdout; fd 1 itself goes to /dev/null, so a
    // script that writes to fd 1 or closes sys.stdout cannot corrupt the stream.
    const int streamFd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (streamFd < 0) {
        std::perror("autogradviz --host: dup");
        return 2;
    }
    const int devNull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (devNull >= 0) {
        dup2(devNull, STDOUT_FILENO);
        close(devNull);
    }
    agv::trace::StreamSink sink(streamFd);
    keepFreedPages();  // Note [Freed pages stay with a script run]
    agv::python::HostOptions host;
    host.scriptPath = options.scriptPath;
    host.packageDir = agv::python::findPackageDir(options.executable);
    host.sink = &sink;
    host.echoOutput = false;
    host.sandbox = true;
    host.memoryLimitBytes = options.memoryLimitBytes;
    const int exitCode = agv::python::runHost(host);
    sink.flush();
    return exitCode;
}

#include "core/python/sandbox.h"

#include <Python.h>

#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>

namespace agv::python {

namespace {

namespace fs = std::filesystem;

SandboxOptions g_options;  // one host per process (host.h)

const char* const kNoProcesses = "autogradviz scripts cannot start processes";
const char* const kNoNetwork = "autogradviz scripts cannot use the network";
const char* const kNoNativeLibraries = "autogradviz scripts cannot load native libraries";

bool startsWithDir(const std::string& path, const std::string& dir)
{
    if (dir.empty() || path.compare(0, dir.size(), dir) != 0)
        return false;
    return path.size() == dir.size() || path[dir.size()] == '/' || dir.back() == '/';
}

/// The absolute, symlink-free form of `path` (its existing part resolved).
std::string resolve(const std::string& path)
{
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    fs::path resolved = fs::weakly_canonical(p, ec);
    return (ec ? p.lexically_normal() : resolved).string();
}

bool writable(const std::string& resolved)
{
    return startsWithDir(resolved, g_options.tempDir) || resolved == "/dev/null";
}

bool readable(const std::string& resolved)
{
    if (writable(resolved) || startsWithDir(resolved, g_options.scriptDir))
        return true;
    for (const std::string& dir : g_options.readable)
        if (startsWithDir(resolved, dir))
            return true;
    static const char* const devices[] = {"/dev/urandom", "/dev/random", "/dev/zero", "/proc/self", "/proc/meminfo",
                                          "/proc/cpuinfo", "/sys/devices/system/cpu"};
    for (const char* d : devices)
        if (startsWithDir(resolved, d))
            return true;
    return false;
}

/// The path argument of an audit event, or "" when it is a file descriptor or absent.
std::string pathArg(PyObject* args, Py_ssize_t index)
{
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) <= index)
        return {};
    PyObject* item = PyTuple_GET_ITEM(args, index);
    PyObject* bytes = nullptr;
    if (PyUnicode_Check(item) || PyBytes_Check(item) || PyObject_HasAttrString(item, "__fspath__")) {
        if (!PyUnicode_FSConverter(item, &bytes)) {
            PyErr_Clear();
            return {};
        }
    }
    if (!bytes)
        return {};
    std::string out(PyBytes_AS_STRING(bytes), size_t(PyBytes_GET_SIZE(bytes)));
    Py_DECREF(bytes);
    return out;
}

int refuse(const std::string& message)
{
    PyErr_SetString(PyExc_PermissionError, message.c_str());
    return -1;
}

int checkRead(const std::string& path)
{
    if (path.empty() || readable(resolve(path)))
        return 0;
    return refuse("autogradviz scripts can only read files in their own folder (" + g_options.scriptDir +
                  "), not " + path);
}

int checkWrite(const std::string& path)
{
    if (path.empty() || writable(resolve(path)))
        return 0;
    return refuse("autogradviz scripts can only write files in their temporary folder (" + g_options.tempDir +
                  "), not " + path);
}

bool opensForWriting(PyObject* args)
{
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) < 3)
        return false;
    PyObject* mode = PyTuple_GET_ITEM(args, 1);
    if (mode && PyUnicode_Check(mode)) {
        const char* m = PyUnicode_AsUTF8(mode);
        if (m && std::strpbrk(m, "wax+"))
            return true;
    }
    PyObject* flags = PyTuple_GET_ITEM(args, 2);
    if (flags && PyLong_Check(flags)) {
        const long f = PyLong_AsLong(flags);
        return (f & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) != 0;
    }
    return false;
}

/// PEP 578: every sensitive operation of CPython passes here first.
int auditHook(const char* eventName, PyObject* args, void*)
{
    const std::string_view event(eventName);
    if (event == "open")
        return opensForWriting(args) ? checkWrite(pathArg(args, 0)) : checkRead(pathArg(args, 0));
    if (event == "subprocess.Popen" || event == "os.system" || event == "os.exec" || event == "os.posix_spawn" ||
        event == "os.spawn" || event == "os.fork" || event == "os.forkpty" || event == "os.startfile" ||
        event == "pty.spawn")
        return refuse(kNoProcesses);
    if (event.substr(0, 7) == "socket." && event != "socket.gethostname")
        return refuse(kNoNetwork);
    // `import ctypes` opens the program itself (dlopen(None)); calling anything through
    // ctypes, or loading another library, is refused (seccomp would stop execve anyway).
    if (event == "ctypes.dlopen") {
        PyObject* name = PyTuple_Check(args) && PyTuple_GET_SIZE(args) > 0 ? PyTuple_GET_ITEM(args, 0) : nullptr;
        return name == Py_None ? 0 : refuse(kNoNativeLibraries);
    }
    if (event == "ctypes.dlsym" || event == "ctypes.call_function")
        return refuse(kNoNativeLibraries);
    if (event == "os.listdir" || event == "os.scandir" || event == "glob.glob") {
        // A directory file descriptor (shutil.rmtree walks by fd) was checked when it was opened.
        if (PyTuple_Check(args) && PyTuple_GET_SIZE(args) > 0 && PyLong_Check(PyTuple_GET_ITEM(args, 0)))
            return 0;
        return checkRead(pathArg(args, 0).empty() ? "." : pathArg(args, 0));
    }
    if (event == "os.remove" || event == "os.rmdir" || event == "os.mkdir" || event == "os.chmod" ||
        event == "os.chown" || event == "os.truncate" || event == "os.utime" || event == "shutil.rmtree" ||
        event == "os.mkfifo" || event == "os.mknod")
        return checkWrite(pathArg(args, 0));
    if (event == "os.rename" || event == "os.link" || event == "os.symlink" || event == "shutil.copyfile" ||
        event == "shutil.move") {
        if (checkWrite(pathArg(args, 1)) < 0)
            return -1;
        return event == "os.symlink" ? checkRead(pathArg(args, 0)) : checkWrite(pathArg(args, 0));
    }
    if (event == "os.kill" || event == "os.killpg") {
        PyObject* pid = PyTuple_Check(args) && PyTuple_GET_SIZE(args) > 0 ? PyTuple_GET_ITEM(args, 0) : nullptr;
        if (pid && PyLong_Check(pid) && PyLong_AsLong(pid) == long(getpid()) && event == "os.kill")
            return 0;
        return refuse("autogradviz scripts cannot send signals to other processes");
    }
    if (event == "resource.setrlimit" || event == "resource.prlimit")
        return refuse("autogradviz scripts cannot change their resource limits");
    return 0;
}

/// seccomp-bpf: the kernel refuses these whatever the script does (ctypes, a C
/// extension): EPERM, so Python raises PermissionError rather than dying of SIGSYS.
bool applySeccomp()
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx)
        return false;
    const uint32_t deny = SCMP_ACT_ERRNO(EPERM);
    bool ok = true;
    auto rule = [&](int syscall, unsigned count = 0, scmp_arg_cmp cmp = {}) {
        const int rc = count ? seccomp_rule_add(ctx, deny, syscall, count, cmp) : seccomp_rule_add(ctx, deny, syscall, 0);
        ok = ok && rc == 0;
    };
    for (int sc : {SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork), SCMP_SYS(vfork), SCMP_SYS(ptrace),
                   SCMP_SYS(process_vm_writev), SCMP_SYS(process_vm_readv), SCMP_SYS(mount), SCMP_SYS(umount2),
                   SCMP_SYS(pivot_root), SCMP_SYS(chroot), SCMP_SYS(unshare), SCMP_SYS(setns), SCMP_SYS(bpf),
                   SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(perf_event_open),
                   SCMP_SYS(kexec_load), SCMP_SYS(init_module), SCMP_SYS(finit_module), SCMP_SYS(delete_module),
                   SCMP_SYS(reboot), SCMP_SYS(swapon), SCMP_SYS(swapoff), SCMP_SYS(setrlimit), SCMP_SYS(prlimit64),
                   SCMP_SYS(socketpair)})
        rule(sc);
    // Threads (CUDA's, OpenBLAS's) are clones with CLONE_THREAD; anything else is a new process.
    rule(SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    // clone3 passes its flags in memory the filter cannot read: ENOSYS makes glibc fall back to clone.
    ok = ok && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) == 0;
    // No sockets but Unix-domain ones (no network at all).
    rule(SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    // Signals only to this process.
    const auto self = scmp_datum_t(getpid());
    rule(SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_NE, self));
    rule(SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_NE, self));
    ok = ok && seccomp_load(ctx) == 0;
    seccomp_release(ctx);
    return ok;
}

/// Landlock: writes (files and folders) only beneath the run's temporary folder and
/// /dev/null. Returns the ABI version applied, or 0 when the kernel has none.
int applyLandlock(const std::string& tempDir)
{
    const long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1)
        return 0;
    // REMOVE_DIR is left out so that the host can remove its own temporary folder at the
    // end (that needs the right on /tmp); the audit hook still refuses os.rmdir elsewhere.
    uint64_t writes = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                      LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                      LANDLOCK_ACCESS_FS_MAKE_SYM;
#ifdef LANDLOCK_ACCESS_FS_REFER
    if (abi >= 2)
        writes |= LANDLOCK_ACCESS_FS_REFER;
#endif
    landlock_ruleset_attr attr{};
    attr.handled_access_fs = writes;
    const int ruleset = int(syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
    if (ruleset < 0)
        return 0;
    auto allow = [&](const char* path, uint64_t access) {
        const int fd = open(path, O_PATH | O_CLOEXEC);
        if (fd < 0)
            return;
        landlock_path_beneath_attr beneath{};
        beneath.allowed_access = access;
        beneath.parent_fd = fd;
        syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
        close(fd);
    };
    allow(tempDir.c_str(), writes);
    allow("/dev/null", LANDLOCK_ACCESS_FS_WRITE_FILE);
    const bool applied = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
                         syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
    close(ruleset);
    return applied ? int(abi) : 0;
}

}  // namespace

void installAuditHook(const SandboxOptions& options)
{
    g_options = options;
    g_options.scriptDir = resolve(options.scriptDir);
    g_options.tempDir = resolve(options.tempDir);
    for (std::string& dir : g_options.readable)
        dir = resolve(dir);
    PySys_AddAuditHook(auditHook, nullptr);
}

std::string applyKernelSandbox(const SandboxOptions& options)
{
    std::string report = "audit hook";
    const rlimit noCore{0, 0};
    const rlimit fileSize{rlim_t(1) << 30, rlim_t(1) << 30};
    const bool limits = setrlimit(RLIMIT_CORE, &noCore) == 0 && setrlimit(RLIMIT_FSIZE, &fileSize) == 0;
    if (limits)
        report += ", rlimits";
    if (const int abi = applyLandlock(resolve(options.tempDir)))
        report += ", Landlock ABI " + std::to_string(abi);
    if (applySeccomp())
        report += ", seccomp";
    return report;
}

namespace {

constexpr std::string_view kRunFolderPrefix = "autogradviz-run-";

/// A host that is killed (a cancelled run, the memory limit, a crash) cannot remove its
/// run folder, and the sandbox keeps a host from removing folders beside its own. Run
/// folders carry their host's pid (autogradviz-run-<pid>-XXXXXX), so each new run
/// removes those of hosts that no longer exist: they never pile up in /tmp, where every
/// entry would cost the next script started from there a symbolic link.
void removeFoldersOfEndedRuns(const fs::path& base)
{
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(base, ec)) {
        const std::string name = entry.path().filename().string();
        if (!std::string_view(name).starts_with(kRunFolderPrefix))
            continue;
        const std::string_view rest = std::string_view(name).substr(kRunFolderPrefix.size());
        pid_t pid = 0;
        const auto [end, parseError] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
        if (parseError != std::errc() || end == rest.data() || *end != '-' || pid <= 0)
            continue;  // not a folder this naming made
        if (::kill(pid, 0) == 0 || errno != ESRCH)
            continue;  // its host still runs (or is not ours to ask about)
        std::error_code removeError;
        fs::remove_all(entry.path(), removeError);  // links only: remove_all never follows them
    }
}

}  // namespace

std::string makeRunTempDir()
{
    const char* base = std::getenv("TMPDIR");
    const fs::path folder = base && *base ? base : "/tmp";
    removeFoldersOfEndedRuns(folder);
    std::string pattern =
        (folder / (std::string(kRunFolderPrefix) + std::to_string(::getpid()) + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data()))
        return {};
    return pattern;
}

void enterRunTempDir(const std::string& tempDir, const std::string& scriptDir)
{
    constexpr int kMaxMirroredEntries = 4096;  // a script in a crowded folder still starts at once
    std::error_code ec;
    int mirrored = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(scriptDir, ec)) {
        if (++mirrored > kMaxMirroredEntries)
            break;
        std::error_code linkError;
        fs::create_symlink(entry.path(), fs::path(tempDir) / entry.path().filename(), linkError);
    }
    if (::chdir(tempDir.c_str()) != 0 && std::getenv("AGV_SANDBOX_DEBUG"))
        std::fprintf(stderr, "autogradviz: could not enter %s: %s\n", tempDir.c_str(), std::strerror(errno));
}

void removeRunTempDir(const std::string& path)
{
    if (path.empty())
        return;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(path, ec))
        fs::remove_all(entry.path(), ec);
    // rmdir(2) itself: remove(3) would try unlink(2) first, which Landlock refuses in /tmp.
    if (::rmdir(path.c_str()) != 0 && std::getenv("AGV_SANDBOX_DEBUG"))
        std::fprintf(stderr, "autogradviz: could not remove %s: %s\n", path.c_str(), std::strerror(errno));
}

}  // namespace agv::python

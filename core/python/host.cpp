#include "core/python/host.h"

#include <Python.h>

#include <sys/resource.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/autograd/checkpoint_override.h"
#include "core/device/allocator.h"
#include "core/device/cuda_backend.h"
#include "core/python/host_hooks.h"
#include "core/python/sandbox.h"
#include "core/python/torch_module.h"
#include "core/trace/run_configuration.h"

namespace agv::python {

namespace {

/// Sets a PyConfig wide-string field from UTF-8; false (with `error`) on failure.
bool setString(PyConfig& config, wchar_t** field, const std::string& value, std::string& error)
{
    PyStatus status = PyConfig_SetBytesString(&config, field, value.c_str());
    if (PyStatus_Exception(status)) {
        error = status.err_msg ? status.err_msg : "PyConfig_SetBytesString failed";
        return false;
    }
    return true;
}

bool appendString(PyWideStringList& list, const std::string& text, std::string& error)
{
    wchar_t* wide = Py_DecodeLocale(text.c_str(), nullptr);
    if (!wide) {
        error = "cannot decode " + text;
        return false;
    }
    PyStatus status = PyWideStringList_Append(&list, wide);
    PyMem_RawFree(wide);
    if (PyStatus_Exception(status)) {
        error = status.err_msg ? status.err_msg : "PyWideStringList_Append failed";
        return false;
    }
    return true;
}

/// An isolated interpreter: the standard library and our package, nothing from the
/// machine's site-packages (a PyTorch installed there must never be imported).
bool configure(PyConfig& config, const HostOptions& options, const std::string& scriptFile, std::string& error)
{
    PyConfig_InitIsolatedConfig(&config);
    config.site_import = 0;         // site would add dist-packages; _agv_host sets up its builtins
    config.safe_path = 0;           // like `python3 FILE.py`: the script's folder comes first
    config.install_signal_handlers = 1;
    config.parse_argv = 0;
    config.pathconfig_warnings = 0;
    config.module_search_paths_set = 1;
    config.write_bytecode = 0;      // never write __pycache__ next to the user's files
    // AGV_IMPORT_TIME=1: CPython's `-X importtime` table on stderr, to see where start-up
    // goes (the environment is otherwise ignored: the interpreter is isolated).
    if (const char* importTime = std::getenv("AGV_IMPORT_TIME"); importTime && std::string_view(importTime) == "1")
        config.import_time = 1;
    const std::string stdlib = AGV_STDLIB_DIR;
    return setString(config, &config.program_name, "python3", error) &&
           setString(config, &config.run_filename, scriptFile, error) &&
           setString(config, &config.home, "/usr", error) &&
           // sys.argv[0] is the script as it was named, as under `python3 FILE.py`
           appendString(config.argv, options.scriptPath, error) &&
           appendString(config.module_search_paths, options.packageDir, error) &&
           appendString(config.module_search_paths, stdlib, error) &&
           appendString(config.module_search_paths, stdlib + "/lib-dynload", error);
}

}  // namespace

std::string findPackageDir(const std::string& executablePath)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path exe = fs::weakly_canonical(executablePath, ec);
    for (const fs::path& candidate : {exe.parent_path() / "python", exe.parent_path().parent_path() / "python",
                                      fs::path(AGV_SOURCE_PYTHON_DIR)}) {
        if (fs::exists(candidate / "torch" / "__init__.py", ec))
            return candidate.string();
    }
    return AGV_SOURCE_PYTHON_DIR;
}

int runHost(const HostOptions& options)
{
    if (options.memoryLimitBytes > 0) {
        // RLIMIT_DATA, not RLIMIT_AS: CUDA reserves huge address ranges it never touches.
        const rlimit limit{rlim_t(options.memoryLimitBytes), rlim_t(options.memoryLimitBytes)};
        setrlimit(RLIMIT_DATA, &limit);
    }
    registerTorchModule();
    // Absolute before the sandbox moves the working directory to the run's temporary folder.
    std::error_code pathError;
    const std::string scriptFile = std::filesystem::absolute(options.scriptPath, pathError).string();
    SandboxOptions sandbox;
    if (options.sandbox) {
        sandbox.scriptDir = std::filesystem::path(scriptFile).parent_path().string();
        sandbox.readable = {AGV_STDLIB_DIR, options.packageDir, AGV_DIST_PACKAGES_DIR "/numpy"};
        sandbox.tempDir = makeRunTempDir();
        if (sandbox.tempDir.empty()) {
            std::fprintf(stderr, "autogradviz: cannot create a temporary folder for the run\n");
            return 2;
        }
        setenv("TMPDIR", sandbox.tempDir.c_str(), 1);  // tempfile and friends write there
        enterRunTempDir(sandbox.tempDir, sandbox.scriptDir);
        installAuditHook(sandbox);
    }
    PyConfig config;
    std::string error;
    if (!configure(config, options, scriptFile, error)) {
        PyConfig_Clear(&config);
        std::fprintf(stderr, "autogradviz: cannot configure Python: %s\n", error.c_str());
        return 2;
    }
    PyStatus status = Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
    if (PyStatus_Exception(status)) {
        if (PyStatus_IsExit(status))
            return status.exitcode;
        std::fprintf(stderr, "autogradviz: cannot start Python: %s\n", status.err_msg ? status.err_msg : "?");
        return 2;
    }
    HostSession session(options);
    if (!session.start())
        return 2;
    // A real GPU's driver opens its device files and starts its threads when the context
    // is made, which the sandbox would refuse later: make it now (Note [The real GPU]).
    if (gpuMode() != GpuMode::Simulated && cudaAvailable())
        cuda::initializeContext();
    if (options.sandbox) {
        const std::string layers = applyKernelSandbox(sandbox);
        if (std::getenv("AGV_SANDBOX_DEBUG"))
            std::fprintf(stderr, "autogradviz: sandbox: %s\n", layers.c_str());
    }
    // Runs the script as __main__ like `python3 FILE.py` (sys.exit, uncaught errors,
    // KeyboardInterrupt), then finalises the interpreter: every tensor dies inside the
    // session, so the recording sees the memory being released.
    // A run that is not as written says so before anything else (see run_configuration.h).
    if (const auto note = trace::runConfigurationNote(checkpointOverride()); note && options.sink)
        trace::addNoteToSink(options.sink, *note);
    const int exitCode = Py_RunMain();
    removeRunTempDir(sandbox.tempDir);
    return exitCode;
}

}  // namespace agv::python

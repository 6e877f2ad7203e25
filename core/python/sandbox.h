#pragma once
// The host's sandbox (DESIGN.md, "Scripts run in real Python"): a PEP 578 audit hook
// that turns attempts into clear Python errors first, then the kernel's own rules —
// seccomp-bpf (no new processes, no network, no tracing, no mounts) and Landlock where
// the kernel offers it (writes only inside the run's temporary folder) — plus rlimits.
// Deny what is dangerous rather than allow-list what CPython happens to call today.

#include <string>
#include <vector>

namespace agv::python {

struct SandboxOptions {
    std::string scriptDir;               ///< the script's own folder: readable
    std::vector<std::string> readable;   ///< also readable (standard library, our package)
    std::string tempDir;                 ///< the run's temporary folder: readable and writable
};

/// Installs the audit hook; call before the interpreter starts (hooks added later
/// cannot remove it).
void installAuditHook(const SandboxOptions& options);

/// Applies seccomp, Landlock and rlimits to this process; returns a one-line report of
/// the layers that took effect ("audit hook, seccomp, Landlock ABI 3, rlimits").
std::string applyKernelSandbox(const SandboxOptions& options);

/// A fresh temporary folder for one run (under $TMPDIR or /tmp), or "" on failure;
/// first removes the folders of earlier runs whose host was killed before it could.
std::string makeRunTempDir();
/// Makes the run's temporary folder the working directory, so that a tutorial's
/// torch.save(model.state_dict(), 'model.pt') lands where writes are allowed. The
/// script folder's own entries appear there as symbolic links (at most a few
/// thousand), so relative reads still find the files next to the script; writing
/// through such a link is refused like any write outside the folder.
void enterRunTempDir(const std::string& tempDir, const std::string& scriptDir);
/// Removes the run's temporary folder and everything in it.
void removeRunTempDir(const std::string& path);

}  // namespace agv::python

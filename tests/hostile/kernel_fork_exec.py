# Hostile: _posixsubprocess.fork_exec raises no audit event; the kernel (seccomp) refuses the fork.
# expect-exit: 1
# expect: PermissionError: [Errno 1] Operation not permitted
import os
import _posixsubprocess

r, w = os.pipe()
pid = _posixsubprocess.fork_exec([b"/bin/true"], [b"/bin/true"], True, (), None, None,
                                 -1, -1, -1, -1, -1, -1, r, w, True, False, -1, None, None, None, -1, None, True)
print("forked", pid)

"""Runs scripts under real PyTorch without paying `import torch` for each (diff_fuzz.py).

Started once as `/usr/bin/python3 torch_forkserver.py`; it imports torch, then for each
request line on stdin (JSON: script, stdout, stderr, timeout) forks a child that runs the
script as `__main__` (runpy, as `python3 script.py` would) with its stdout and stderr sent
to the named files, and answers one JSON line: {"code": N} or {"timed_out": true}.
`import torch` takes seconds and a fuzz program a few milliseconds, so this makes the
reference side some ten times faster. A divergence is always confirmed with a fresh
`python3 script.py` before it is reported (diff_fuzz.py), so nothing the fork could change
ends up in a report.
"""

import json
import os
import runpy
import signal
import sys
import time

import torch  # noqa: F401  imported once, inherited by every child


def run_child(script, out_path, err_path):
    """In the forked child: never returns."""
    code = 0
    try:
        os.chdir(os.path.dirname(os.path.abspath(script)))
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
        os.dup2(os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        name = os.path.basename(script)
        sys.argv = [name]
        sys.path[0] = os.getcwd()
        runpy.run_path(name, run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if e.code is not None and not isinstance(e.code, int):
            print(e.code, file=sys.stderr)
    except BaseException:
        sys.excepthook(*sys.exc_info())
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def serve():
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            run_child(request["script"], request["stdout"], request["stderr"])
        deadline = time.monotonic() + request.get("timeout", 30)
        reply = None
        while reply is None:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                reply = {"code": os.waitstatus_to_exitcode(status)}
            elif time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                reply = {"timed_out": True}
            else:
                time.sleep(0.002)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()

"""Running one script under the engine (`autogradviz --run`) and under real PyTorch
(`/usr/bin/python3`, fresh or through torch_forkserver.py), as diff_fuzz.py needs."""

import json
import os
import subprocess

from outputs import RunResult

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE_PYTHON = "/usr/bin/python3"

# As tests/conformance/torch/regenerate.sh runs PyTorch.
ENV = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1")


def _read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def run_process(argv, script, timeout):
    """Runs argv in the script's folder with the script's file name as last argument."""
    folder, name = os.path.split(os.path.abspath(script))
    try:
        p = subprocess.run(argv + [name], cwd=folder, env=ENV, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return RunResult(-1, (e.stdout or b"").decode("utf-8", "replace"),
                         (e.stderr or b"").decode("utf-8", "replace"), timed_out=True)
    return RunResult(p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))


class EngineRunner:
    def __init__(self, binary, timeout):
        self.argv = [os.path.abspath(binary), "--run"]
        self.timeout = timeout

    def run(self, script):
        return run_process(self.argv, script, self.timeout)


class FreshTorchRunner:
    """`python3 script.py`, exactly as regenerate.sh runs it."""

    def __init__(self, timeout, python=REFERENCE_PYTHON):
        self.python = python
        self.timeout = timeout

    def run(self, script):
        return run_process([self.python], script, self.timeout)

    def close(self):
        pass


class ForkTorchRunner:
    """One long-lived PyTorch process that forks a child per script."""

    def __init__(self, timeout, python=REFERENCE_PYTHON):
        self.timeout = timeout
        self.server = subprocess.Popen([python, os.path.join(HERE, "torch_forkserver.py")], env=ENV,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, script):
        script = os.path.abspath(script)
        out, err = script + ".torch_out", script + ".torch_err"
        request = {"script": script, "stdout": out, "stderr": err, "timeout": self.timeout}
        self.server.stdin.write(json.dumps(request) + "\n")
        self.server.stdin.flush()
        line = self.server.stdout.readline()
        if not line:
            raise RuntimeError("the PyTorch fork server died")
        reply = json.loads(line)
        result = RunResult(reply.get("code", -1), _read(out), _read(err), timed_out=reply.get("timed_out", False))
        os.remove(out)
        os.remove(err)
        return result

    def close(self):
        self.server.stdin.close()
        try:
            self.server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # A loaded machine (a build beside the fuzzer) can keep it past that: the
            # summary matters more than a clean exit of the server.
            self.server.kill()
            self.server.wait()

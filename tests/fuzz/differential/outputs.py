"""What of a run is compared, and how two runs differ (diff_fuzz.py).

The same rules as tests/conformance/tst_torch_conformance.cpp, so that a divergence found
here is a conformance script that fails there:
  - stdout byte for byte, after replacing every 0x... address by 0xADDR;
  - the exit code;
  - of stderr, what the script determines: warning headers without their file:line prefix
    (warnings raised inside torch name a torch file), the script's own traceback frames
    (by file name), and the last line when the run failed (the exception).
"""

import re
from dataclasses import dataclass, field

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_WARNING_HEADER = re.compile(r"^\S.*:\d+: (\w*Warning: .*)$")
_FRAME_PATH = re.compile(r'^  File "(?:[^"]*/)?([^"/]+)", line ')


@dataclass
class RunResult:
    code: int            # exit status; -1 for a timeout, -signal for a crash
    stdout: str
    stderr: str
    timed_out: bool = False


@dataclass
class Digest:
    code: int
    stdout: list = field(default_factory=list)
    stderr: list = field(default_factory=list)


@dataclass
class Divergence:
    where: str           # "exit code", "stdout" or "stderr"
    line: int            # 1-based line of that stream (0 for the exit code)
    expected: str        # PyTorch's
    actual: str          # the engine's
    context: list        # the lines before it, equal in both

    def signature(self):
        """Groups divergences that are likely the same bug: names, numbers and quoted
        values taken out."""
        def norm(s):
            s = re.sub(r"\bt\d+(_\w+)?\b", "t", s)
            s = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "#", s)
            return s.strip()[:160]
        return "%s | %s | %s" % (self.where, norm(self.expected), norm(self.actual))

    def describe(self):
        lines = ["first divergence in %s%s:" % (self.where, " (line %d)" % self.line if self.line else "")]
        lines += ["    " + c for c in self.context]
        lines.append("  - pytorch: " + self.expected)
        lines.append("  + engine : " + self.actual)
        return "\n".join(lines)


def stderr_digest(text, script_name, failed):
    frame_prefix = '  File "%s", line ' % script_name
    digest = []
    for line in text.split("\n"):
        line = _FRAME_PATH.sub(r'  File "\1", line ', line)
        if line.startswith(frame_prefix):
            digest.append(line)
        else:
            m = _WARNING_HEADER.match(line)
            if m:
                digest.append(m.group(1))
    if failed:
        nonempty = [ln for ln in text.split("\n") if ln.strip()]
        if nonempty:
            digest.append(nonempty[-1])
    return digest


def digest(result, script_name):
    if result.timed_out:
        return Digest(-1, ["<timed out>"], [])
    return Digest(result.code,
                  _ADDRESS.sub("0xADDR", result.stdout).split("\n"),
                  [_ADDRESS.sub("0xADDR", s) for s in stderr_digest(result.stderr, script_name, result.code != 0)])


def _first_difference(where, expected, actual):
    for i in range(max(len(expected), len(actual))):
        e = expected[i] if i < len(expected) else "<end>"
        a = actual[i] if i < len(actual) else "<end>"
        if e != a:
            return Divergence(where, i + 1, e, a, expected[max(0, i - 3):i])
    return None


def compare(expected, actual):
    """The first divergence between PyTorch's digest and the engine's, or None. A crash or
    a timeout of one side is named first: its output is cut short anyway."""
    if expected.code != actual.code and (expected.code < 0 or actual.code < 0):
        return Divergence("exit code", 0, str(expected.code), str(actual.code), [])
    found = _first_difference("stdout", expected.stdout, actual.stdout)
    if found:
        return found
    found = _first_difference("stderr", expected.stderr, actual.stderr)
    if found:
        return found
    if expected.code != actual.code:
        return Divergence("exit code", 0, str(expected.code), str(actual.code), [])
    return None

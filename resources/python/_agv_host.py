"""Set-up of the script host, run once before the learner's script (see core/python/host.cpp).

The interpreter starts isolated and without the `site` module, so that nothing from the
machine's site-packages can be imported; this module gives the script what `site` would
have given it (exit, quit, help, copyright...), and, when the run is recorded, copies
stdout and stderr into the recording and records an uncaught exception before Python
prints it.
"""

import importlib.util
import io
import os
import site
import sys

import _agv_torch

STDOUT, STDERR = 1, 2


class _RecordedStream(io.TextIOBase):
    """A text stream that records every write and, optionally, passes it on."""

    def __init__(self, stream, which, echo):
        self._stream = stream
        self._which = which
        self._echo = echo
        self._pending = ""

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        # Line-buffered into the recording: print(a, b) is one Output event, not four.
        self._pending += text
        end = self._pending.rfind("\n") + 1
        if end:
            _agv_torch._record_output(self._which, self._pending[:end])
            self._pending = self._pending[end:]
        if self._echo and self._stream is not None:
            self._stream.write(text)
        return len(text)

    def flush(self):
        if self._pending:
            _agv_torch._record_output(self._which, self._pending)
            self._pending = ""
        if self._echo and self._stream is not None:
            self._stream.flush()

    def writable(self):
        return True

    def isatty(self):
        return False

    @property
    def encoding(self):
        return getattr(self._stream, "encoding", "utf-8")

    @property
    def errors(self):
        return getattr(self._stream, "errors", "strict")

    def fileno(self):
        if self._stream is None:
            raise io.UnsupportedOperation("fileno")
        return self._stream.fileno()


def _record_then_print(exc_type, exc, tb):
    try:
        _agv_torch._record_exception(exc)
    finally:
        sys.__excepthook__(exc_type, exc, tb)


class _NumpyOnlyFinder:
    """Finds `numpy`, and nothing else, in the machine's dist-packages.

    Note [NumPy from the machine]: scripts use NumPy beside torch (PyTorch's tutorials
    start with it), and Debian's python3-numpy is the real one, so it is imported from
    there; its submodules follow `numpy.__path__`. Nothing else of dist-packages may be
    imported: a real PyTorch installed there must never shadow our `torch`.
    """

    def __init__(self, dist_packages):
        # The package's own folder: the sandbox lets scripts read it, not dist-packages.
        self._folder = dist_packages + "/numpy"

    def find_spec(self, name, path=None, target=None):
        if name != "numpy" or not os.path.exists(self._folder + "/__init__.py"):
            return None
        spec = importlib.util.spec_from_file_location(
            name, self._folder + "/__init__.py", submodule_search_locations=[self._folder])
        spec.loader = _FiltersKeptLoader(spec.loader)
        return spec


class _FiltersKeptLoader:
    """numpy's loader, with warnings.filters changed quietly while numpy imports.

    PyTorch imports numpy with `import torch`, so numpy's warning filters are in place
    before a script starts. Here numpy is imported when the script asks for it; had its
    filters been added the usual way, the warnings module would forget which warnings the
    script was already shown (a change of filters clears every __warningregistry__), and
    a warning 1.13 prints once would print again.
    """

    def __init__(self, loader):
        self._loader = loader

    def __getattr__(self, name):
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        import warnings
        mutated = warnings._filters_mutated
        warnings._filters_mutated = lambda: None
        try:
            self._loader.exec_module(module)
        finally:
            warnings._filters_mutated = mutated
        _agv_torch._numpy_imported()  # NumPy's C API, and its allocator (numpy_bridge.cpp)


def install(record, echo, dist_packages):
    sys.meta_path.append(_NumpyOnlyFinder(dist_packages))
    site.setquit()
    site.setcopyright()
    site.sethelper()
    if record:
        sys.stdout = _RecordedStream(sys.stdout, STDOUT, echo)
        sys.stderr = _RecordedStream(sys.stderr, STDERR, echo)
        sys.excepthook = _record_then_print

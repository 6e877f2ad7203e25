"""torch.cuda.Stream and torch.cuda.Event.

Here every op on a GPU has finished before the next one starts (each GPU kernel waits for
its end, and the simulated GPU is the host itself), so all streams run in order with one
another: a stream's work is always done (``query()`` is True, ``synchronize()`` returns at
once), and waiting on an event or on another stream orders nothing that is not ordered
already. An event made with ``enable_timing=True`` reads the host's clock when it is
recorded: ``elapsed_time`` gives the milliseconds the work between two records took here.
Streams the script makes are numbered 0x1, 0x2, ... (a GPU's are driver pointers); the
default stream is CUDA's null stream, 0x0.

Without a GPU, as CPU-only PyTorch 1.13: the classes exist, but making one raises
``object.__new__()``'s TypeError (PyTorch's base classes are then plain ``object``).
"""

import time

import torch

import _agv_torch as _C

__all__ = ['Stream', 'Event']

_NEW_ERROR = "object.__new__() takes exactly one argument (the type to instantiate)"


def _require_gpu():
    if not _C._cuda_is_available():
        raise TypeError(_NEW_ERROR)
    from . import _lazy_init
    _lazy_init()


class Stream:
    """A CUDA stream: an in-order queue of work on one GPU."""

    _next_handle = 1

    def __new__(cls, device=None, priority=0, **kwargs):
        _require_gpu()
        self = object.__new__(cls)
        self.device = torch.device('cuda', 0)
        self.priority = int(priority)
        handle = kwargs.get('_handle')
        if handle is None:
            handle = Stream._next_handle
            Stream._next_handle += 1
        self.cuda_stream = handle
        return self

    def wait_event(self, event):
        event.wait(self)

    def wait_stream(self, stream):
        self.wait_event(stream.record_event())

    def record_event(self, event=None):
        if event is None:
            event = Event()
        event.record(self)
        return event

    def query(self):
        return True

    def synchronize(self):
        _C._cuda_synchronize()

    def __eq__(self, o):
        if isinstance(o, Stream):
            return self.cuda_stream == o.cuda_stream and self.device == o.device
        return False

    def __hash__(self):
        return hash((self.cuda_stream, self.device))

    def __repr__(self):
        return '<torch.cuda.Stream device={0} cuda_stream={1:#x}>'.format(self.device, self.cuda_stream)


class Event:
    """A CUDA event: a marker in a stream, to wait for or to time the work between two."""

    _next_handle = 1

    def __new__(cls, enable_timing=False, blocking=False, interprocess=False):
        _require_gpu()
        self = object.__new__(cls)
        self.enable_timing = bool(enable_timing)
        self.blocking = bool(blocking)
        self.interprocess = bool(interprocess)
        self.cuda_event = 0
        self._recorded_ns = None
        return self

    def record(self, stream=None):
        if stream is None:
            stream = torch.cuda.current_stream()
        if not self.cuda_event:
            self.cuda_event = Event._next_handle
            Event._next_handle += 1
        self._recorded_ns = time.perf_counter_ns()

    def wait(self, stream=None):
        if stream is None:
            stream = torch.cuda.current_stream()

    def query(self):
        return True

    def elapsed_time(self, end_event):
        if not (self.cuda_event and end_event.cuda_event):
            raise RuntimeError("Both events must be recorded before calculating elapsed time.")
        if not (self.enable_timing and end_event.enable_timing):
            raise RuntimeError("CUDA error: invalid resource handle\nCUDA kernel errors might be asynchronously "
                               "reported at some other API call,so the stacktrace below might be incorrect.\n"
                               "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.")
        return (end_event._recorded_ns - self._recorded_ns) / 1e6

    def synchronize(self):
        pass

    def __repr__(self):
        if self.cuda_event:
            return '<torch.cuda.Event {0:#x}>'.format(self.cuda_event)
        return '<torch.cuda.Event uninitialized>'

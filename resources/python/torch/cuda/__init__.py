"""torch.cuda: the device's availability, its name, synchronisation and memory figures.

With no GPU (``--gpu auto`` on a machine without one, or ``--gpu none``) every answer is
CPU-only PyTorch's: ``is_available()`` is False, the memory figures are 0, and what needs
CUDA's set-up raises "Torch not compiled with CUDA enabled". On the simulated GPU and on
a real one the memory figures come from PyTorch's caching allocator rules.
"""

import _agv_torch as _C

from ._utils import _get_device_index
from .memory import (  # noqa: F401
    empty_cache,
    max_memory_allocated,
    max_memory_cached,
    max_memory_reserved,
    mem_get_info,
    memory_allocated,
    memory_cached,
    memory_reserved,
    memory_stats,
    memory_stats_as_nested_dict,
    memory_summary,
    reset_accumulated_memory_stats,
    reset_max_memory_allocated,
    reset_max_memory_cached,
    reset_peak_memory_stats,
)

OutOfMemoryError = _C.OutOfMemoryError



def __getattr__(name):
    # PyTorch's flag for "CUDA's lazy set-up has run", which checkpoint reads to decide
    # whether to stash the GPUs' RNG states: set up by the first cuda tensor or init().
    if name == '_initialized':
        return _C._cuda_is_initialized()
    # The GPUs' generators, once CUDA is set up (before, and without a GPU: empty).
    if name == 'default_generators':
        return (_C._cuda_default_generator(),) if _C._cuda_is_initialized() else ()
    raise AttributeError("module 'torch.cuda' has no attribute '" + name + "'")


def is_available():
    return _C._cuda_is_available()


def device_count():
    return _C._cuda_device_count()


def is_initialized():
    """Whether the GPU has been set up: by the first cuda tensor, or by init()."""
    return _C._cuda_is_initialized()


def _lazy_init():
    # Without a GPU, _cuda_init raises what CPU-only PyTorch says: "Torch not compiled
    # with CUDA enabled".
    if not _C._cuda_is_initialized():
        _C._cuda_init()


def init():
    _lazy_init()


def current_device():
    _lazy_init()
    return 0


def get_device_name(device=None):
    _lazy_init()
    return _C._cuda_getDeviceName(_get_device_index(device, optional=True))


def synchronize(device=None):
    _lazy_init()
    _C._cuda_synchronize()


from .random import (  # noqa: E402,F401
    get_rng_state,
    get_rng_state_all,
    initial_seed,
    manual_seed,
    manual_seed_all,
    seed,
    seed_all,
    set_rng_state,
    set_rng_state_all,
)


# ------------------------------------------------------------------ devices and streams

class device(object):
    """Context-manager that selects a GPU; a no-op for a negative index or None (with no GPU)."""

    def __init__(self, device):
        self.idx = _get_device_index(device, optional=True)
        self.prev_idx = -1

    def __enter__(self):
        if self.idx == -1:
            return
        self.prev_idx = current_device()
        if self.prev_idx != self.idx:
            set_device(self.idx)
        _lazy_init()

    def __exit__(self, type, value, traceback):
        if self.prev_idx != self.idx:
            set_device(self.prev_idx)
        return False


class device_of(device):
    """device() of the GPU a tensor lives on (a no-op for a CPU tensor)."""

    def __init__(self, obj):
        idx = obj.get_device() if obj.is_cuda else -1
        super().__init__(idx)


def set_device(device):
    device = _get_device_index(device)
    if device >= 0:
        if not is_available():
            raise AttributeError("module 'torch._C' has no attribute '_cuda_setDevice'")
        _lazy_init()
        if device >= device_count():
            raise RuntimeError("CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously "
                               "reported at some other API call,so the stacktrace below might be incorrect.\n"
                               "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.")


class _CudaDeviceProperties:
    def __init__(self, name, major, minor, total_memory, multi_processor_count):
        self.name = name
        self.major = major
        self.minor = minor
        self.total_memory = total_memory
        self.multi_processor_count = multi_processor_count
        self.is_integrated = 0
        self.is_multi_gpu_board = 0

    def __repr__(self):
        return ("_CudaDeviceProperties(name='{}', major={}, minor={}, total_memory={}MB, "
                "multi_processor_count={})").format(self.name, self.major, self.minor,
                                                    self.total_memory // (1024 * 1024),
                                                    self.multi_processor_count)


def get_device_properties(device):
    _lazy_init()
    index = _get_device_index(device, optional=True)
    if index < 0 or index >= device_count():
        raise AssertionError("Invalid device id")
    name, major, minor, total, processors = _C._cuda_getDeviceProperties(index)
    return _CudaDeviceProperties(name, major, minor, total, processors)


def get_device_capability(device=None):
    prop = get_device_properties(device)
    return prop.major, prop.minor


from .streams import Event, Stream  # noqa: E402

_current_stream = None


class StreamContext(object):
    """Context-manager that selects a stream; a no-op for None."""

    def __init__(self, stream):
        self.stream = stream
        self.idx = _get_device_index(None, True)
        if self.idx is None:
            self.idx = -1
        self.src_prev_stream = None
        self.dst_prev_stream = None

    def __enter__(self):
        if self.stream is None or self.idx == -1:
            return
        self.src_prev_stream = current_stream(None)
        set_stream(self.stream)

    def __exit__(self, type, value, traceback):
        if self.stream is None or self.idx == -1:
            return
        set_stream(self.src_prev_stream)


def stream(stream):
    return StreamContext(stream)


def set_stream(stream):
    global _current_stream
    if stream is None:
        return
    _current_stream = stream


def current_stream(device=None):
    _lazy_init()
    return _current_stream if _current_stream is not None else default_stream(device)


_default_stream = None


def default_stream(device=None):
    global _default_stream
    _lazy_init()
    if _default_stream is None:
        _default_stream = Stream(_handle=0)
    return _default_stream

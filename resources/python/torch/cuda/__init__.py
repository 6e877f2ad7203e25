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

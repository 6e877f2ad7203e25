"""torch.cuda: the device's availability and memory figures."""

import _agv_torch as _C

OutOfMemoryError = _C.OutOfMemoryError


# PyTorch's flag for "CUDA's lazy set-up has run" (checkpoint then stashes CUDA RNG
# states). The simulated GPU draws from the CPU generator, so there is none to stash.
_initialized = False


def is_available():
    return _C._cuda_is_available()


def device_count():
    return _C._cuda_device_count()


def memory_allocated(device=None):
    return _C._cuda_memory_allocated()


def max_memory_allocated(device=None):
    return _C._cuda_max_memory_allocated()


def reset_peak_memory_stats(device=None):
    _C._cuda_reset_peak_memory_stats()


def synchronize(device=None):
    pass


def manual_seed(seed):
    pass


def manual_seed_all(seed):
    pass

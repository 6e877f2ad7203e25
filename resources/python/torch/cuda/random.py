"""torch.cuda's random number generator: seeds and state (Note [The CUDA generator]).

As in PyTorch 1.13, what only sets the generator up waits for CUDA's lazy set-up
(``_lazy_call``): without a GPU ``manual_seed``, ``seed`` and ``set_rng_state`` are
accepted and never run, while ``get_rng_state`` and ``initial_seed`` set CUDA up and so
raise "Torch not compiled with CUDA enabled". With a GPU (the simulated one included) they
act at once.
"""

import torch

import _agv_torch as _C

__all__ = ['get_rng_state', 'get_rng_state_all', 'set_rng_state', 'set_rng_state_all',
           'manual_seed', 'manual_seed_all', 'seed', 'seed_all', 'initial_seed']

# The calls waiting for a GPU that CPU-only PyTorch never sets up.
_queued_calls = []


def _lazy_call(callable):
    if _C._cuda_is_available():
        callable()
    else:
        _queued_calls.append(callable)


def _check_device(device):
    from . import _lazy_init, current_device
    _lazy_init()
    if isinstance(device, str):
        device = torch.device(device)
    elif isinstance(device, int):
        device = torch.device('cuda', device)
    idx = device.index
    if idx is None:
        idx = current_device()
    return idx


def get_rng_state(device='cuda'):
    """The random number generator state of the given GPU, as a ByteTensor."""
    _check_device(device)
    return _C._cuda_get_rng_state()


def get_rng_state_all():
    from . import device_count
    return [get_rng_state(i) for i in range(device_count())]


def set_rng_state(new_state, device='cuda'):
    new_state_copy = new_state.clone(memory_format=torch.contiguous_format)
    _lazy_call(lambda: _C._cuda_set_rng_state(new_state_copy))


def set_rng_state_all(new_states):
    for i, state in enumerate(new_states):
        set_rng_state(state, i)


def manual_seed(seed):
    seed = int(seed)
    _lazy_call(lambda: _C._cuda_manual_seed(seed))


def manual_seed_all(seed):
    seed = int(seed)
    _lazy_call(lambda: _C._cuda_manual_seed(seed))


def seed():
    _lazy_call(_C._cuda_seed)


def seed_all():
    _lazy_call(_C._cuda_seed)


def initial_seed():
    from . import _lazy_init
    _lazy_init()
    return _C._cuda_initial_seed()

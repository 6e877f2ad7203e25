"""torch.random: the default generator's seed and state, and fork_rng."""

import contextlib

import torch
from torch._untraced import untraced

_C = torch._C

manual_seed = _C.manual_seed
seed = _C.seed
initial_seed = _C.initial_seed
get_rng_state = _C.get_rng_state
set_rng_state = _C.set_rng_state


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices"):
    """Inside the block the random streams may be used freely: on leaving it, the CPU
    generator (and the given CUDA devices') is back at the state it had on entering."""
    if not enabled:
        yield
        return
    with untraced():
        cpu_state = torch.get_rng_state()
        cuda_states = [torch.cuda.get_rng_state(device) for device in (devices or [])]
    try:
        yield
    finally:
        with untraced():
            torch.set_rng_state(cpu_state)
            for device, state in zip(devices or [], cuda_states):
                torch.cuda.set_rng_state(state, device)

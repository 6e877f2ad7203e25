"""The random draws of torch.utils.data, from the engine's global generator.

The engine has no torch.randperm and no private torch.Generator yet. PyTorch's CPU
randperm is a Fisher-Yates shuffle drawing random() % (n - i) for each i, which is
exactly what torch.randint(0, n - i) draws, so it is rebuilt from those; a private
generator is the global one, swapped in and out with its saved state."""

import torch

from torch._untraced import untraced


def _randperm_global(n):
    perm = list(range(n))
    for i in range(n - 1):
        z = int(torch.randint(0, n - i, (1,)).item())
        perm[i], perm[i + z] = perm[i + z], perm[i]
    return perm


def randperm_list(n, generator=None):
    """torch.randperm(n, generator=generator).tolist(); generator None is the global one."""
    if generator is not None and generator is not torch.default_generator:
        raise NotImplementedError("autogradviz: only the default generator is supported here")
    with untraced():  # bookkeeping draws, not part of the learner's graph
        return _randperm_global(n)


def random_int64():
    """torch.empty((), dtype=torch.int64).random_().item(): one 64-bit draw (two 32-bit
    ones, the first the high half), kept to 63 bits."""
    with untraced():
        # high = 2**32 - 1 keeps randint on its one-32-bit-draw-per-element path; it differs
        # from the raw draw only when that draw is 2**32 - 1.
        hi, lo = torch.randint(0, 2 ** 32 - 1, (2,)).tolist()
    return ((hi << 32) | lo) % (2 ** 63)


def randperm_lists_seeded(n, seed, count):
    """count successive torch.randperm(n, generator=g).tolist() of one generator
    g = torch.Generator().manual_seed(seed), leaving the global generator as it was."""
    with untraced():
        saved = torch.get_rng_state()
        torch.manual_seed(seed)
        try:
            return [_randperm_global(n) for _ in range(count)]
        finally:
            torch.set_rng_state(saved)

"""The random draws torch.utils.data makes for its own bookkeeping (a pass's seed, a
permutation of indices): drawn as PyTorch draws them, from the given torch.Generator
or the global one, but kept out of the learner's graph."""

import torch

from torch._untraced import untraced


def randperm_list(n, generator=None):
    """torch.randperm(n, generator=generator).tolist()."""
    with untraced():
        return torch.randperm(n, generator=generator).tolist()


def randint_list(high, count, generator):
    """torch.randint(high=high, size=(count,), dtype=torch.int64, generator=generator).tolist()."""
    with untraced():
        return torch.randint(high=high, size=(count,), dtype=torch.int64, generator=generator).tolist()


def multinomial_list(weights, count, replacement, generator):
    with untraced():
        return torch.multinomial(weights, count, replacement, generator=generator).tolist()


def random_int64(generator=None):
    """torch.empty((), dtype=torch.int64).random_(generator=generator).item(): one 64-bit
    draw (two 32-bit ones, the first the high half), kept to 63 bits."""
    with untraced():
        return torch.empty((), dtype=torch.int64).random_(generator=generator).item()

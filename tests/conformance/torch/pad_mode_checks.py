# F.pad's checks for the non-constant modes, in 1.13's order and words: the mode, the
# padding length, the value argument, the supported ranks (NotImplementedError), then each
# kernel's own checks (reflect: padding smaller than the dimension; the empty-dimension,
# too-small and negative-size messages, stray "2" and all; circular: the padding length for
# the rank and wrapping around), and the dtypes each kernel takes.
import torch
import torch.nn as nn
import torch.nn.functional as F

def attempt(shape, pad, mode, value=None, dtype=torch.float32):
    x = torch.zeros(shape, dtype=dtype)
    try:
        y = F.pad(x, pad, mode=mode) if value is None else F.pad(x, pad, mode=mode, value=value)
        print(mode, shape, pad, "->", tuple(y.shape), y.dtype)
    except Exception as e:
        print(mode, shape, pad, type(e).__name__, "|", e)

for mode in ("reflect", "replicate", "circular"):
    attempt((2, 3), (3, 0), mode)
    attempt((2, 3), (2, 2), mode)
    attempt((2, 3), (4, 4), mode)
    attempt((2, 3), (-1, 0), mode)
    attempt((2, 3), (-2, -1), mode)
    attempt((2, 3), (-3, -1), mode)
    attempt((2, 0), (1, 1), mode)
    attempt((0, 3), (1, 1), mode)
    attempt((1, 0, 3), (1, 1), mode)
    attempt((0, 2, 3), (1, 1), mode)
    attempt((2, 3, 3), (1, 1, 3, 0), mode)
    attempt((2, 3, 3), (3, 1, 0, 0), mode)
    attempt((2, 3, 3), (-3, 0, 0, 0), mode)
    attempt((2, 3, 3), (0, 0, -3, -1), mode)
    attempt((2, 3, 3), (-3, -1, 0, 0), mode)
    attempt((2, 3, 3), (-3, 0, -3, 0), mode)
    attempt((2, 3, 3), (-3, -2, -3, -2), mode)
    attempt((2, 3, 3), (-1, -1, -1, -1), mode)
    attempt((2, 0, 3), (1, 1, 1, 1), mode)
    attempt((0, 3, 3), (1, 1, 1, 1), mode)
    attempt((0, 2, 3, 3), (1, 1, 1, 1), mode)
    attempt((1, 2, 3, 3), (1, 1, 1, 1, 3, 0), mode)
    attempt((2, 4, 4, 4), (1, 4, 1, 1, 1, 0), mode)
    attempt((2, 4, 4, 4), (1, 1, 4, 1, 1, 0), mode)
    attempt((2, 3, 3, 3), (-3, 0, -3, 0, -3, 0), mode)
    attempt((2, 3, 3, 3), (-3, 0, -3, 0, -3, -1), mode)
    attempt((2, 3, 3, 3), (-3, 0, -1, 0, -3, -1), mode)
    attempt((1, 0, 3, 3, 3), (1, 1, 1, 1, 1, 1), mode)
    attempt((0, 2, 3, 3, 3), (1, 1, 1, 1, 1, 1), mode)
    attempt((2, 3, 3, 0), (1, 1, 1, 1, 1, 1), mode)
    attempt((2, 3), (1, 1), mode, 0.0)
    attempt((2, 3), (1, 1), mode, 1.5)
    attempt((3,), (1, 1), mode)
    attempt((2, 3), (1, 1, 1), mode)
    attempt((2, 3), (1, 1, 1, 1, 1, 1), mode)
    attempt((1, 1, 1, 1, 1, 1), (1, 1), mode)
    attempt((1, 2, 3, 3), (1, 1), mode)
    attempt((2, 3), (), mode)
    for dtype in (torch.int64, torch.bool, torch.float64):
        attempt((1, 2, 3), (1, 1), mode, dtype=dtype)
        attempt((1, 2, 3), (1, 1, 1, 1), mode, dtype=dtype)
        attempt((1, 1, 2, 3), (1, 1, 1, 1, 1, 1), mode, dtype=dtype)
    attempt((1, 2, 0), (0, 0), mode)

# circular only: the padding for the rank, and wrapping around at most once.
for shape, pad in (((1, 2, 3), (3, 0)), ((1, 2, 3), (4, 0)), ((1, 2, 3), (0, 4)), ((1, 2, 3), (-1, 2)),
                   ((1, 2, 3), (-3, 0)), ((1, 2, 3), (-4, 1)), ((1, 2, 3, 3), (1, 1, 4, 0)),
                   ((1, 2, 3, 3), (1, 1, -4, 0)), ((1, 2, 3, 3), (1, 1, -3, 0)), ((1, 2, 0), (1, 1))):
    attempt(shape, pad, "circular")

x = torch.zeros(2, 3)
for call in (lambda: F.pad(x, (1, 1), "foo"), lambda: F.pad(x, (1, 1, 1), "foo"), lambda: F.pad(x, (1, 1), 3),
             lambda: F.pad(x, (1, 1), mode="reflect", value=1), lambda: F.pad(x, (1.5, 1), "reflect"),
             lambda: nn.ReflectionPad2d(3)(torch.zeros(1, 2, 3, 3)), lambda: nn.ReplicationPad1d(1)(torch.zeros(3)),
             lambda: nn.ReflectionPad3d(1)(torch.zeros(1, 2, 2, 2))):
    try:
        print(call().shape)
    except Exception as e:
        print(type(e).__name__, "|", e)

# The pad argument as 1.13's argument parser reads it.
for pad in ((1.5, 1), 3, [1, 1], (1, '1'), None, 2.0, torch.tensor([1, 1]), (torch.tensor(1), 1), [True, 1], (1, True),
            (1, 1.5), (1, torch.tensor(1.5)), (1, torch.tensor([1])), (1, None), (torch.tensor(1.), 1)):
    try:
        print(F.pad(torch.zeros(1, 2, 3), pad, "reflect").shape)
    except Exception as e:
        print(type(e).__name__, "|", e)

# Half and BFloat16 have no reflect / replicate kernels in 1.13; circular only copies.
for dtype in (torch.float16, torch.bfloat16):
    for mode in ("reflect", "replicate", "circular"):
        attempt((1, 2, 3), (1, 1), mode, dtype=dtype)
        attempt((1, 2, 3, 3), (1, 1, 1, 1), mode, dtype=dtype)

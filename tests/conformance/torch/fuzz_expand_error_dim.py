# Found by the differential fuzzer: expand checks the sizes from the last dim to the first
# (inferExpandGeometry), so with several mismatches the error names the last one.
import torch


def attempt(label, f):
    try:
        print(label, tuple(f().shape))
    except RuntimeError as e:
        print(label, e)


x = torch.zeros(2, 4)
attempt('both dims', lambda: x.expand(1, 3))
attempt('three dims', lambda: torch.zeros(4, 4).expand(1, 2, 3))
attempt('first only', lambda: x.expand(3, 4))
attempt('leading -1 and a mismatch', lambda: x.expand(-1, 2, 3))
attempt('leading -1', lambda: x.expand(-1, 2, 4))
attempt('fine', lambda: torch.zeros(1, 4).expand(3, -1))

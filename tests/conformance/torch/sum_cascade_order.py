# float32/float64 sum and mean to the last bit: PyTorch 1.13's cascade_sum order (vector lanes,
# 4-way ILP, 4-level cascade, scalar tail) over whole tensors and trailing dimensions.
import math, torch
def fixed(n, mult=37, mod=101, dtype=torch.float32):
    return torch.tensor([(i * mult % mod) / mod - 0.5 + i * 1e-3 for i in range(n)], dtype=dtype)
for dtype in (torch.float32, torch.float64):
    for n in [1, 3, 7, 8, 9, 31, 32, 33, 64, 100, 127, 255, 256, 257, 1000, 2000, 4097, 10000, 65536, 70001, 300000]:
        x = fixed(n, dtype=dtype)
        print(dtype, n, repr(x.sum().item()), repr(x.mean().item()), repr((x * x).sum().item()))
    m = fixed(3 * 700, dtype=dtype).reshape(3, 700)
    print(m.sum(1).tolist(), m.mean(-1).tolist())
    m3 = fixed(2*5*60, dtype=dtype).reshape(2, 5, 60)
    print(m3.sum((1, 2)).tolist(), m3.sum(2).sum().item())

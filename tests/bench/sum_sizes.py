# Benchmark (README table, issue 9): Tensor.sum over 16K, 1M and 16M floats, best of 15,
# timed inside the script. sum only reads its input, so unlike elementwise_throughput.py no
# allocation is timed: this compares the reduction kernels. Run with `autogradviz --run` and
# with Debian's `/usr/bin/python3` (PyTorch 1.13); the sums printed must be the same.
import time

import torch

for n in [1 << 14, 1 << 20, 1 << 24]:
    torch.manual_seed(0)
    a = torch.rand(n)
    times = []
    for _ in range(15):
        start = time.perf_counter()
        result = a.sum()
        times.append(time.perf_counter() - start)
    print(f"{n:9d} floats {min(times) * 1e3:8.3f} ms  sum {result.item()!r}")

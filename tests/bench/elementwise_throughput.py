# Benchmark (README table, issue 9's speed goal): add, exp, sigmoid and sum over 16M
# floats, best of 9, timed inside the script. Run the same file with `autogradviz --run`
# and with Debian's `/usr/bin/python3` (PyTorch 1.13) one after the other and compare; the
# printed checksums must be the same in both (the values are bit-identical).
import time

import torch

n = 16 * 1024 * 1024
torch.manual_seed(0)
a = torch.rand(n)
b = torch.rand(n)


def best(f, repeats=9):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - start)
    return min(times), result


for name, f, bytes_moved in [('add', lambda: a + b, 3 * 4 * n), ('exp', lambda: a.exp(), 2 * 4 * n),
                             ('sigmoid', lambda: a.sigmoid(), 2 * 4 * n), ('sum', lambda: a.sum(), 4 * n)]:
    seconds, result = best(f)
    checksum = result.sum().item() if result.dim() else result.item()
    print(f"{name:8s} {seconds * 1e3:7.1f} ms {bytes_moved / seconds / 1e9:6.1f} GB/s  checksum {checksum!r}")

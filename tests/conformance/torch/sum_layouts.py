# float sum / mean over permuted, sliced and strided inputs, any dims, keepdim or not:
# PyTorch 1.13 sums in its TensorIterator order (Note [Reduction geometry]); every bit is
# compared (float.hex of each value).
import torch
g = torch.Generator().manual_seed(7)
lines = []
for trial in range(160):
    nd = int(torch.randint(1, 5, (1,), generator=g))
    shape = [int(torch.randint(1, 12 if nd > 2 else 70, (1,), generator=g)) for _ in range(nd)]
    dt = torch.float32 if trial % 3 else torch.float64
    x = torch.randn(*shape, generator=g, dtype=dt)
    perm = torch.randperm(nd, generator=g).tolist()
    x = x.permute(*perm)
    if trial % 4 == 1 and x.shape[-1] > 2:
        x = x[..., ::2]
    if trial % 5 == 2 and x.shape[0] > 2:
        x = x[1:]
    k = int(torch.randint(0, nd + 1, (1,), generator=g))
    dims = sorted(torch.randperm(nd, generator=g)[:k].tolist())
    keep = bool(trial % 2)
    r = x.sum() if not dims else x.sum(dims, keepdim=keep)
    m = x.mean() if not dims else x.mean(dims, keepdim=keep)

    lines.append(f"{trial} {list(x.shape)} {x.stride()} {dims} {keep} {[v.hex() for v in r.flatten().tolist()]} {[v.hex() for v in m.flatten().tolist()]}")
print("\n".join(lines))

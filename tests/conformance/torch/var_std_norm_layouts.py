# var / std / var_mean / norm / linalg.vector_norm over permuted, sliced, strided and
# broadcast (expanded) inputs, any dims: PyTorch 1.13 visits each output's elements in its
# TensorIterator order (reduced dims by stride, a broadcast dim left in place), and a full
# var / std runs std_var_all_cpu's per-block double sums over the same order. Every bit is
# compared (a digest of float.hex of each value).
import hashlib
import torch

g = torch.Generator().manual_seed(11)


def digest(t):
    return hashlib.md5(str([v.hex() for v in t.flatten().tolist()]).encode()).hexdigest()[:10]


lines = []
for trial in range(120):
    nd = int(torch.randint(1, 4, (1,), generator=g))
    big = trial % 6 == 0
    shape = [int(torch.randint(1, 300 if big and d == 0 else 40, (1,), generator=g)) for d in range(nd)]
    dt = torch.float32 if trial % 3 else torch.float64
    x = torch.randn(*shape, generator=g, dtype=dt) * 3 + 0.5
    perm = torch.randperm(nd, generator=g).tolist()
    x = x.permute(*perm)
    if trial % 4 == 1 and x.shape[-1] > 2:
        x = x[..., ::2]
    if trial % 5 == 2:
        x = x.unsqueeze(1).expand(x.shape[0], 3, *x.shape[1:])
    if trial % 7 == 3 and x.shape[0] > 2:
        x = x[1:]
    nd = x.dim()
    k = int(torch.randint(0, nd + 1, (1,), generator=g))
    dims = sorted(torch.randperm(nd, generator=g)[:k].tolist())
    keep = bool(trial % 2)
    if dims:
        v = x.var(dims, keepdim=keep)
        s = x.std(dims, unbiased=False, keepdim=keep)
        vm = torch.var_mean(x, dims, keepdim=keep)
        n2 = x.norm(p=2, dim=dims, keepdim=keep)
        n3 = torch.linalg.vector_norm(x, 3, dims, keepdim=keep)
        n1 = x.norm(p=1, dim=dims)
    else:
        v, s, vm = x.var(), x.std(unbiased=False), torch.var_mean(x)
        n2, n3, n1 = x.norm(), torch.linalg.vector_norm(x, 3), x.norm(p=1)
    lines.append(f"{trial} {list(x.shape)} {x.stride()} {dims} {keep} var {digest(v)} std {digest(s)} "
                 f"var_mean {digest(vm[0])} {digest(vm[1])} norm {digest(n2)} {digest(n3)} {digest(n1)}")
print("\n".join(lines))

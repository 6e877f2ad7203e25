# Forward-mode AD through the indexing and reordering ops: index_add, tril / triu,
# scatter (src and value) and scatter_add, out of place and in place, split / chunk /
# unbind (every piece gets its tangent, a view of the input's), flip and roll, in
# float32 and float64. Tangents printed to the last bit (tolist).
import torch
import torch.autograd.forward_ad as fwAD


def tangent(out):
    return fwAD.unpack_dual(out).tangent


def show(name, out):
    t = tangent(out)
    print(name, None if t is None else (tuple(t.shape), t.tolist()))


def values(n, scale, shift, step=7, mod=11):
    return [((i * step + 3) % mod - mod // 2) * scale + shift for i in range(n)]


for dtype in (torch.float32, torch.float64):
    print(dtype)
    a = torch.tensor(values(12, 0.37, 0.1), dtype=dtype).reshape(3, 4)
    ta = torch.tensor(values(12, -0.21, 0.3, 5, 13), dtype=dtype).reshape(3, 4)
    src = torch.tensor(values(8, 0.43, -0.2, 3, 7), dtype=dtype).reshape(2, 4)
    tsrc = torch.tensor(values(8, 0.17, 0.05, 4, 9), dtype=dtype).reshape(2, 4)
    rows = torch.tensor([2, 0])
    cols = torch.tensor([[1, 3], [0, 2], [3, 3]])
    with fwAD.dual_level():
        da, dsrc = fwAD.make_dual(a, ta), fwAD.make_dual(src, tsrc)
        show("index_add", da.index_add(0, rows, dsrc))
        show("index_add alpha", torch.index_add(da, 0, rows, dsrc, alpha=0.3))
        show("index_add plain source", da.index_add(0, rows, src))
        show("index_add source only", a.index_add(0, rows, dsrc, alpha=2))
        show("index_add dim 1 repeated", da.index_add(1, torch.tensor([1, 1, 0]), fwAD.make_dual(a[:, 1:] * 2, ta[:, :3])))
        c = da.clone()
        c.index_add_(0, rows, dsrc, alpha=-1.5)
        show("index_add_", c)
        p = a.clone()
        p.index_add_(0, rows, dsrc)
        show("index_add_ into plain", p)

        show("tril", da.tril())
        show("triu 1", torch.triu(da, 1))
        show("tril -1", da.tril(-1))
        c = da.clone()
        c.triu_(-1)
        show("triu_", c)

        s = src[:, :2].repeat(2, 1)[:3]
        ts = tsrc[:, :2].repeat(2, 1)[:3]
        ds = fwAD.make_dual(s, ts)
        show("scatter", da.scatter(1, cols, ds))
        show("scatter plain self", a.scatter(1, cols, ds))
        show("scatter plain src", da.scatter(1, cols, s))
        show("scatter value", da.scatter(1, cols, 2.5))
        show("scatter_add", da.scatter_add(1, cols, ds))
        show("scatter_add plain src", torch.scatter_add(da, 1, cols, s))
        c = da.clone()
        c.scatter_(1, cols, ds)
        show("scatter_", c)
        c = a.clone()
        c.scatter_add_(1, cols, ds)
        show("scatter_add_ into plain", c)

        for i, piece in enumerate(da.split(3, 1)):
            show(f"split {i}", piece)
        for i, piece in enumerate(torch.split(da, [1, 2], 0)):
            show(f"split sizes {i}", piece)
        for i, piece in enumerate(da.chunk(3, 1)):
            show(f"chunk {i}", piece)
        for i, piece in enumerate(da.unbind(1)):
            show(f"unbind {i}", piece)
        g = torch.zeros(3, 4, dtype=dtype)
        first, rest = fwAD.make_dual(a, g).split([1, 2])
        g[1, 0] = 7.0  # the pieces' tangents are views of g
        print("split tangents are views", tangent(first)._is_view(), tangent(rest)._is_view(), tangent(rest)[0, 0].item())

        show("flip", da.flip(0))
        show("flip both", torch.flip(da, (0, 1)))
        show("roll", da.roll(1, 1))
        show("roll flat", torch.roll(da, -5))
        show("roll two dims", da.roll((1, -2), (0, 1)))

# Forward-mode AD through cumsum and cumprod (zeros included: cumprod_jvp's first-zero
# rule), repeat / tile, gather, index_select, masked_select, diag and trace, and the
# indexing family that already had formulas (take-like indexing, expand_as, masked_fill,
# where, sort / topk values, narrow), in float32 and float64. Tangents printed to the
# last bit (tolist).
import torch
import torch.autograd.forward_ad as fwAD


def show(name, out):
    primal, t = fwAD.unpack_dual(out)
    print(name, primal.tolist())
    print("  tangent", None if t is None else (tuple(t.shape), t.tolist()))


def values(n, scale, shift, step=7, mod=11):
    return [((i * step + 3) % mod - mod // 2) * scale + shift for i in range(n)]


for dtype in (torch.float32, torch.float64):
    print(dtype)
    a = torch.tensor(values(12, 0.37, 0.1), dtype=dtype).reshape(3, 4)
    ta = torch.tensor(values(12, -0.21, 0.3, 5, 13), dtype=dtype).reshape(3, 4)
    z = torch.tensor([[1.5, 0.0, 2.0, 0.0, 3.0], [0.0, -1.0, 0.5, 2.0, 1.0], [0.7, 1.1, -0.4, 2.5, 0.0]], dtype=dtype)
    tz = torch.tensor(values(15, 0.31, -0.05, 4, 9), dtype=dtype).reshape(3, 5)
    mask = a > 0.2
    with fwAD.dual_level():
        da, dz = fwAD.make_dual(a, ta), fwAD.make_dual(z, tz)
        show("cumsum 0", da.cumsum(0))
        show("cumsum 1", torch.cumsum(da, 1))
        show("cumsum -1 float64", da.cumsum(-1, dtype=torch.float64))
        show("cumprod 0", da.cumprod(0))
        show("cumprod 1", torch.cumprod(da, 1))
        show("cumprod zeros 1", dz.cumprod(1))
        show("cumprod zeros 0", dz.cumprod(0))
        show("cumprod dtype", dz.cumprod(1, dtype=torch.float64))
        show("cumprod scalar", fwAD.make_dual(torch.tensor(0.0, dtype=dtype), torch.tensor(1.5, dtype=dtype)).cumprod(0))
        show("cumprod scalar nonzero", fwAD.make_dual(torch.tensor(2.0, dtype=dtype), torch.tensor(1.5, dtype=dtype)).cumprod(0))
        show("cumprod 1d", fwAD.make_dual(z[0], tz[0]).cumprod(0))

        show("repeat", da.repeat(2, 1))
        show("repeat new dims", da.repeat(2, 1, 3))
        show("tile", da.tile((2,)))
        show("gather", da.gather(1, torch.tensor([[3, 0], [1, 1], [2, 0]])))
        show("gather 0", torch.gather(da, 0, torch.tensor([[2, 0, 1, 1]])))
        show("index_select", da.index_select(1, torch.tensor([3, 0, 3])))
        show("index_select 0", torch.index_select(da, 0, torch.tensor([2])))
        show("masked_select", da.masked_select(mask))
        show("masked_select broadcast", torch.masked_select(da, torch.tensor([True, False, True, True])))
        show("diag", da.diag())
        show("diag 1", torch.diag(da, 1))
        show("diag vector", fwAD.make_dual(a[0], ta[0]).diag(-1))
        show("trace", da.trace())

        show("index", da[torch.tensor([2, 0, 2])])
        show("index 2d", da[torch.tensor([0, 2]), torch.tensor([3, 1])])
        show("expand_as", da[:1].expand_as(a))
        show("masked_fill", da.masked_fill(mask, 0.5))
        show("where", torch.where(mask, da, da * 2))
        show("where plain other", torch.where(mask, da, a))
        show("sort values", da.sort(1).values)
        show("sort descending", torch.sort(da, 0, descending=True)[0])
        show("topk values", da.topk(2).values)
        show("narrow", da.narrow(1, 1, 2))

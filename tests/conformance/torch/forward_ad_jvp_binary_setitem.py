# Forward-mode AD through maximum / minimum (ties share the tangent half and half), atan2,
# xlogy (tensor and scalar operands, zeros), lerp (scalar and tensor weight), var_mean /
# std_mean (both outputs), and item assignment (fill_ with a 0-dim tensor, index_put_ with
# a mask or an index), in float32 and float64, with tangents on either or both inputs.
# Tangents printed to the last bit.
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
    b = torch.tensor(values(12, 0.29, -0.2, 5, 9), dtype=dtype).reshape(3, 4)
    b[0, 1] = a[0, 1]  # a tie
    b[2, 3] = a[2, 3]
    tb = torch.tensor(values(12, 0.13, 0.4, 3, 7), dtype=dtype).reshape(3, 4)
    w = torch.tensor([0.1, 0.5, 0.7, 1.2], dtype=dtype)
    tw = torch.tensor([0.3, -0.2, 0.9, 0.4], dtype=dtype)
    mask = a > 0.2
    with fwAD.dual_level():
        da, db, dw = fwAD.make_dual(a, ta), fwAD.make_dual(b, tb), fwAD.make_dual(w, tw)
        show("maximum", torch.maximum(da, db))
        show("maximum self only", torch.maximum(da, b))
        show("maximum other only", a.maximum(db))
        show("minimum", torch.minimum(da, db))
        show("minimum broadcast", torch.minimum(da, dw))
        show("maximum swapped", torch.maximum(db, da))
        show("atan2", torch.atan2(da, db))
        show("atan2 self only", da.atan2(b))
        show("atan2 other only", torch.atan2(a, db))
        show("lerp", torch.lerp(da, db, 0.3))
        show("lerp high weight", da.lerp(db, 0.8))
        show("lerp end only", torch.lerp(a, db, 0.6))
        show("lerp tensor weight", torch.lerp(da, db, dw))
        show("lerp weight only", torch.lerp(a, b, dw))
        show("lerp plain weight", torch.lerp(da, b, w))
        pos = torch.tensor([[0.5, 0.0, 1.5, 2.0], [0.25, 3.0, 0.0, 1.0], [0.75, 1.25, 2.5, 0.0]], dtype=dtype)
        dpos = fwAD.make_dual(pos, tb)
        zs = torch.tensor([[0.0, 1.0, 0.0, 2.0], [0.0, 0.5, 1.0, 0.0], [3.0, 0.0, 0.25, 1.0]], dtype=dtype)
        dzs = fwAD.make_dual(zs, ta)
        show("xlogy", torch.xlogy(da, dpos))
        show("xlogy self only", torch.xlogy(dzs, pos))
        show("xlogy other only", torch.xlogy(zs, dpos))
        show("xlogy scalar self", torch.xlogy(2.5, dpos))
        show("xlogy scalar other", torch.xlogy(dzs, 0.0))
        show("xlogy scalar other positive", dzs.xlogy(1.5))
        v, m = torch.var_mean(da, 1)
        show("var_mean var", v)
        show("var_mean mean", m)
        v, m = torch.var_mean(da)
        show("var_mean all mean", m)
        s, m = torch.std_mean(da, 0, keepdim=True)
        show("std_mean std", s)
        show("std_mean mean", m)

        c = da.clone()
        c[0, 1] = 3.0
        show("setitem scalar", c)
        c = da.clone()
        c[1] = fwAD.make_dual(torch.tensor(2.5, dtype=dtype), torch.tensor(-1.5, dtype=dtype))
        show("setitem dual scalar", c)
        c = da.clone()
        c[mask] = 0.0
        show("setitem mask", c)
        c = a.clone()
        c[torch.tensor([2, 0])] = fwAD.make_dual(b[:2], tb[:2])
        show("setitem index dual values", c)
        c = da.clone()
        c[torch.tensor([1])] = b[:1]
        show("setitem index plain values", c)
        c = da.clone()
        c.fill_(fwAD.make_dual(torch.tensor(0.5, dtype=dtype), torch.tensor(2.0, dtype=dtype)))
        show("fill_ dual", c)

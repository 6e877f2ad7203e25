# Forward-mode AD through matrix products, views, indexing, reductions, joins, copies
# and softmax: tangents printed to the last bit (tolist); views get view tangents.
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def tangent(out):
    return fwAD.unpack_dual(out).tangent


def show(name, out):
    t = tangent(out)
    print(name, tuple(t.shape), t.tolist())


def values(n, scale, shift):
    return [((i * 7 + 3) % 11 - 5) * scale + shift for i in range(n)]


for dtype in (torch.float32, torch.float64):
    a = torch.tensor(values(6, 0.37, 0.1), dtype=dtype).reshape(2, 3)
    ta = torch.tensor(values(6, -0.21, 0.3), dtype=dtype).reshape(2, 3)
    b = torch.tensor(values(12, 0.13, -0.2), dtype=dtype).reshape(3, 4)
    tb = torch.tensor(values(12, 0.29, 0.05), dtype=dtype).reshape(3, 4)
    bias = torch.tensor(values(4, 0.5, 0.0), dtype=dtype)
    tbias = torch.tensor(values(4, 0.25, 1.0), dtype=dtype)
    v = torch.tensor(values(3, 0.7, 0.2), dtype=dtype)
    tv = torch.tensor(values(3, -0.4, 0.1), dtype=dtype)
    with fwAD.dual_level():
        da = fwAD.make_dual(a, ta)
        db = fwAD.make_dual(b, tb)
        dbias = fwAD.make_dual(bias, tbias)
        dv = fwAD.make_dual(v, tv)
        show("mm", da.mm(db))
        show("mm plain right", da.mm(b))
        show("matmul", da @ db)
        show("linear", F.linear(da, db.t(), dbias))
        show("linear plain weight", F.linear(da, b.t(), dbias))
        show("matmul 1-d @ 2-d", dv @ db)
        show("mv", da.mv(dv))
        show("dot", dv.dot(dv))
        show("sum", da.sum())
        show("sum dim", da.sum(1))
        show("sum keepdim", da.sum(0, keepdim=True))
        show("mean", da.mean())
        show("mean dim", da.mean(1))
        show("softmax", F.softmax(da, dim=1))
        show("softmax dim 0", F.softmax(da, dim=0))
        show("log_softmax", F.log_softmax(da, dim=1))
        show("log_softmax dim 0", F.log_softmax(da, dim=0))
        show("cat", torch.cat([da, a, da]))
        show("cat dim 1", torch.cat([a, da], dim=1))
        show("stack", torch.stack([da, a]))
        show("clone", da.clone())
        show("to float64", da.to(torch.float64))
        show("max dim", da.max(1)[0])
        show("max dim keepdim", da.max(0, keepdim=True).values)
        show("min dim", da.min(1)[0])
        # Views: the tangent is the same view of the input's tangent.
        for name, view in [("t", da.t()), ("transpose", da.transpose(0, 1)), ("view", da.view(3, 2)),
                           ("reshape", da.reshape(6)), ("permute", da.permute(1, 0)),
                           ("unsqueeze", da.unsqueeze(1)), ("squeeze", da.unsqueeze(0).squeeze(0)),
                           ("expand", dv.expand(2, 3)), ("select", da[1]), ("slice", da[:, 1:]),
                           ("step", da[:, ::2]), ("int index", da[0, 2]), ("narrow", da.narrow(1, 0, 2))]:
            t = tangent(view)
            print(name, tuple(t.shape), t.stride(), t._base is ta, t.tolist())
        show("contiguous", da.t().contiguous())
        show("index tensor", da[torch.tensor([1, 0, 1])])
        show("mask", da[a > 0])
        show("flatten", da.flatten())
        show("non-contiguous reshape", da.t().reshape(6))

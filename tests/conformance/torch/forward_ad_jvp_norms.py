# Forward-mode AD through the normalisation layers: batch_norm (training and evaluation,
# with and without affine parameters, tangents on the input, the weight, the bias or all)
# and group_norm, in float32 and float64, with layer_norm beside them (all three share
# FunctionsManual's _invstd_jvp / _norm_jvp / _affine_jvp). Tangents printed to the last
# bit (tolist).
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def show(name, out):
    primal, t = fwAD.unpack_dual(out)
    print(name, primal.tolist())
    print("  tangent", None if t is None else (tuple(t.shape), t.tolist()))


def values(n, scale, shift, step=7, mod=11):
    return [((i * step + 3) % mod - mod // 2) * scale + shift for i in range(n)]


for dtype in (torch.float32, torch.float64):
    print(dtype)
    x = torch.tensor(values(48, 0.37, 0.1), dtype=dtype).reshape(2, 4, 3, 2)
    tx = torch.tensor(values(48, -0.21, 0.3, 5, 13), dtype=dtype).reshape(2, 4, 3, 2)
    w = torch.tensor([0.5, -1.25, 2.0, 0.75], dtype=dtype)
    tw = torch.tensor([0.3, 0.1, -0.7, 1.1], dtype=dtype)
    b = torch.tensor([0.2, -0.4, 0.0, 1.5], dtype=dtype)
    tb = torch.tensor([-0.6, 0.25, 0.9, 0.05], dtype=dtype)
    rm = torch.tensor([0.1, -0.2, 0.3, 0.05], dtype=dtype)
    rv = torch.tensor([1.5, 0.7, 2.2, 0.9], dtype=dtype)
    with fwAD.dual_level():
        dx, dw, db = fwAD.make_dual(x, tx), fwAD.make_dual(w, tw), fwAD.make_dual(b, tb)
        show("batch_norm train", F.batch_norm(dx, None, None, training=True))
        show("batch_norm train affine", F.batch_norm(dx, None, None, w, b, training=True))
        show("batch_norm train all dual", F.batch_norm(dx, None, None, dw, db, training=True))
        show("batch_norm train weight only", F.batch_norm(x, None, None, dw, b, training=True))
        show("batch_norm train bias only", F.batch_norm(x, None, None, w, db, training=True))
        show("batch_norm train weight no bias", F.batch_norm(dx, None, None, dw, None, training=True, eps=1e-3))
        m, v = rm.clone(), rv.clone()
        show("batch_norm train running", F.batch_norm(dx, m, v, dw, db, training=True, momentum=0.2))
        print("  running", m.tolist(), v.tolist())
        show("batch_norm eval", F.batch_norm(dx, rm, rv, training=False))
        show("batch_norm eval affine", F.batch_norm(dx, rm, rv, dw, db, training=False, eps=1e-2))
        show("batch_norm eval weight only", F.batch_norm(x, rm, rv, dw, None, training=False))
        # contiguous: a strided input takes 1.13's other kernels, whose statistics round otherwise
        x2 = x.reshape(8, 6)[:, :4].contiguous()
        tx2 = tx.reshape(8, 6)[:, :4].contiguous()
        show("batch_norm 2d", F.batch_norm(fwAD.make_dual(x2, tx2), None, None, dw, db, training=True))
        x3 = x.reshape(2, 4, 6)
        show("batch_norm 3d", F.batch_norm(fwAD.make_dual(x3, tx.reshape(2, 4, 6)), None, None, w, db, training=True))
        bn = torch.nn.BatchNorm2d(4).to(dtype)
        show("BatchNorm2d", bn(dx))
        bn.eval()
        show("BatchNorm2d eval", bn(dx))

        show("group_norm", F.group_norm(dx, 2))
        show("group_norm affine", F.group_norm(dx, 2, w, b))
        show("group_norm all dual", F.group_norm(dx, 4, dw, db, eps=1e-3))
        show("group_norm weight only", F.group_norm(x, 1, dw, b))
        show("group_norm bias only", F.group_norm(x, 2, w, db))
        show("group_norm 3d", F.group_norm(fwAD.make_dual(x3, tx.reshape(2, 4, 6)), 2, dw, db))
        show("GroupNorm", torch.nn.GroupNorm(2, 4).to(dtype)(dx))

        show("layer_norm", F.layer_norm(dx, (3, 2), dw[:2].repeat(3).reshape(3, 2), db[1:3].repeat(3).reshape(3, 2)))

# Forward-mode AD through elu / selu / celu, prelu (one weight or one per channel), silu
# (with and without grad mode: its formula is the backward's, which differs), softplus,
# and smooth_l1_loss / huber_loss (tangents on the input, the target or both, every
# reduction; huber's gradient too), in float32 and float64. Tangents printed to the last
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
    a = torch.tensor(values(12, 0.37, 0.1), dtype=dtype).reshape(3, 4)
    ta = torch.tensor(values(12, -0.21, 0.3, 5, 13), dtype=dtype).reshape(3, 4)
    b = torch.tensor(values(12, 0.29, -0.2, 5, 9), dtype=dtype).reshape(3, 4)
    tb = torch.tensor(values(12, 0.13, 0.4, 3, 7), dtype=dtype).reshape(3, 4)
    big = torch.tensor(values(40, 0.9, 0.05, 3, 17), dtype=dtype)
    tbig = torch.tensor(values(40, 0.11, -0.3, 7, 19), dtype=dtype)
    with fwAD.dual_level():
        da, db, dbig = fwAD.make_dual(a, ta), fwAD.make_dual(b, tb), fwAD.make_dual(big, tbig)
        show("elu", F.elu(da))
        show("elu alpha", F.elu(dbig, alpha=0.7))
        show("selu", F.selu(dbig))
        show("celu", F.celu(da, 1.3))
        show("silu", F.silu(dbig))
        with torch.no_grad():
            show("silu no_grad", F.silu(dbig))
        w = torch.tensor([0.25, -0.5, 1.5], dtype=dtype)
        dw = fwAD.make_dual(w, torch.tensor([0.3, 0.7, -0.2], dtype=dtype))
        x3 = fwAD.make_dual(a.reshape(2, 3, 2), ta.reshape(2, 3, 2))
        show("prelu", F.prelu(x3, dw))
        show("prelu input only", F.prelu(x3, w))
        show("prelu weight only", F.prelu(a.reshape(2, 3, 2), dw))
        show("prelu one weight", F.prelu(da, fwAD.make_dual(w[:1], torch.tensor([0.4], dtype=dtype))))
        show("prelu 1d", F.prelu(fwAD.make_dual(big[:6], tbig[:6]), w[1:2]))
        show("softplus", F.softplus(dbig))
        show("softplus beta", F.softplus(dbig, beta=2.5, threshold=3.0))
        for reduction in ("none", "mean", "sum"):
            show("smooth_l1 " + reduction, F.smooth_l1_loss(da, db, reduction=reduction))
            show("huber " + reduction, F.huber_loss(da, db, reduction=reduction, delta=0.6))
        show("smooth_l1 input only", F.smooth_l1_loss(da, b, beta=0.5))
        show("smooth_l1 target only", F.smooth_l1_loss(a, db, reduction="none"))
        show("huber input only", F.huber_loss(da, b, reduction="sum"))
        show("huber target only", F.huber_loss(a, db, reduction="none", delta=2.0))
    # The backward's vectorised part with a float64 delta (it used to round delta to float32).
    x = a.clone().requires_grad_()
    F.huber_loss(x, b, delta=0.6).backward()
    print("huber grad", x.grad.tolist())

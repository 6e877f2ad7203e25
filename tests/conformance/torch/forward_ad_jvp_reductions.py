# Forward-mode AD through logsumexp, prod (with zeros too), the binary cross-entropy
# losses (tangents on the input, the target or both; weight, pos_weight, every
# reduction) and the selecting reductions kthvalue, median, mode, cummax and cummin
# (the tangent of the picked element; ties included), in float32 and float64.
# Tangents printed to the last bit (tolist).
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def show(name, out):
    t = fwAD.unpack_dual(out).tangent
    print(name, tuple(t.shape), t.tolist())


def values(n, scale, shift, step=7, mod=11):
    return [((i * step + 3) % mod - mod // 2) * scale + shift for i in range(n)]


for dtype in (torch.float32, torch.float64):
    print(dtype)
    x = torch.tensor(values(12, 0.37, 0.1), dtype=dtype).reshape(3, 4)
    tx = torch.tensor(values(12, -0.21, 0.3, 5, 13), dtype=dtype).reshape(3, 4)
    big = torch.tensor(values(40, 0.9, 0.3, 3, 17), dtype=dtype).reshape(2, 20)
    tbig = torch.tensor(values(40, 0.2, -0.1, 7, 19), dtype=dtype).reshape(2, 20)
    with fwAD.dual_level():
        dx = fwAD.make_dual(x, tx)
        show("logsumexp", torch.logsumexp(dx, 1))
        show("logsumexp keepdim", dx.logsumexp(0, keepdim=True))
        show("logsumexp two dims", dx.logsumexp((0, 1)))
        show("logsumexp long rows", fwAD.make_dual(big, tbig).logsumexp(-1))
        show("prod", dx.prod())
        show("prod dim", dx.prod(1))
        show("prod dim 0 keepdim", torch.prod(dx, 0, keepdim=True))
        show("prod long rows", fwAD.make_dual(big, tbig).prod(1))
        zero = x.clone()
        zero[1, 2] = 0.0
        show("prod one zero", fwAD.make_dual(zero, tx).prod())
        show("prod one zero dim", fwAD.make_dual(zero, tx).prod(1))
        zero[0, 3] = 0.0
        show("prod two zeros", fwAD.make_dual(zero, tx).prod())
        show("prod two zeros dim 0", fwAD.make_dual(zero, tx).prod(0))

    p = torch.tensor(values(12, 0.07, 0.5, 5, 13), dtype=dtype).reshape(3, 4)
    target = torch.tensor(values(12, 0.08, 0.45, 3, 11), dtype=dtype).reshape(3, 4)
    ttarget = torch.tensor(values(12, 0.3, 0.1, 4, 9), dtype=dtype).reshape(3, 4)
    weight = torch.tensor(values(4, 0.25, 1.0), dtype=dtype)
    pos_weight = torch.tensor(values(4, 0.5, 2.0, 3), dtype=dtype)
    with fwAD.dual_level():
        dp, dt = fwAD.make_dual(p, tx), fwAD.make_dual(target, ttarget)
        for reduction in ("mean", "sum", "none"):
            show(f"bce {reduction}", F.binary_cross_entropy(dp, target, reduction=reduction))
            show(f"bce both {reduction}", F.binary_cross_entropy(dp, dt, reduction=reduction))
            show(f"bce target only {reduction}", F.binary_cross_entropy(p, dt, reduction=reduction))
        show("bce weight", F.binary_cross_entropy(dp, dt, weight=weight.expand(3, 4)))
        logits = fwAD.make_dual(x, tx)
        for reduction in ("mean", "sum", "none"):
            show(f"bce_logits {reduction}", F.binary_cross_entropy_with_logits(logits, target, reduction=reduction))
            show(f"bce_logits both {reduction}", F.binary_cross_entropy_with_logits(logits, dt, reduction=reduction))
            show(f"bce_logits target only {reduction}",
                 F.binary_cross_entropy_with_logits(x, dt, reduction=reduction))
        show("bce_logits weight", F.binary_cross_entropy_with_logits(logits, dt, weight=weight))
        show("bce_logits pos_weight", F.binary_cross_entropy_with_logits(logits, dt, pos_weight=pos_weight))
        show("bce_logits pos_weight target only",
             F.binary_cross_entropy_with_logits(x, dt, pos_weight=pos_weight, reduction="none"))
        show("nn.BCEWithLogitsLoss", torch.nn.BCEWithLogitsLoss()(logits, target))
        show("nn.BCELoss", torch.nn.BCELoss(reduction="sum")(dp, target))
    # Reverse mode shares the target formulas with these tangents (two logs; log_sigmoid).
    yr = target.clone().requires_grad_()
    F.binary_cross_entropy(p, yr, reduction="none").backward(ttarget)
    print("bce target grad", yr.grad.tolist())
    yr.grad = None
    F.binary_cross_entropy_with_logits(x, yr, pos_weight=pos_weight, reduction="none").backward(ttarget)
    print("bce_logits pos_weight target grad", yr.grad.tolist())

    ties = torch.tensor([[3., 1., 3., 2., 1.], [0., 5., 5., -1., 5.]], dtype=dtype)
    tties = torch.tensor(values(10, 0.25, 0.1, 3, 7), dtype=dtype).reshape(2, 5)
    with fwAD.dual_level():
        dties = fwAD.make_dual(ties, tties)
        show("kthvalue", dties.kthvalue(2, 1).values)
        show("kthvalue keepdim dim 0", dties.kthvalue(1, 0, keepdim=True)[0])
        show("median", dties.median())
        show("median of ties", fwAD.make_dual(torch.tensor([2., 1., 2., 2.], dtype=dtype), tties[0, :4]).median())
        show("median dim", dties.median(1).values)
        show("median dim 0 keepdim", dties.median(0, keepdim=True).values)
        show("mode", dties.mode(1).values)
        show("mode dim 0", dties.mode(0)[0])
        show("cummax", dties.cummax(1).values)
        show("cummin dim 0", torch.cummin(dties, 0).values)
        print("indices have no tangent", fwAD.unpack_dual(dties.cummax(1).indices).tangent)
        scalar = fwAD.make_dual(torch.tensor(1.5, dtype=dtype), torch.tensor(-2.0, dtype=dtype))
        show("0-d kthvalue", scalar.kthvalue(1).values)
        show("0-d cummax", scalar.cummax(0).values)
        show("0-d median", scalar.median())

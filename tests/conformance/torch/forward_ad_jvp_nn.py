# Forward-mode AD through the selecting and nn ops: clamp, where, masked_fill,
# leaky_relu, padding, remainder by a number, max / min / sort / topk, clamp_, var / std, norms,
# and the mse / nll / cross-entropy losses; tangents printed to the last bit (tolist).
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def show(name, out):
    t = fwAD.unpack_dual(out).tangent
    print(name, tuple(t.shape), t.tolist())


for dtype in (torch.float32, torch.float64):
    x = torch.tensor([[0.3, -1.7, 2.5, 0.0], [1.1, 0.05, -0.4, -2.2]], dtype=dtype)
    tx = torch.tensor([[1.0, 0.5, -2.0, 0.75], [0.25, -1.5, 3.0, -0.5]], dtype=dtype)
    y = torch.tensor([[1.9, 0.6, -0.8, 0.1], [2.2, -1.3, 0.7, 0.4]], dtype=dtype)
    ty = torch.tensor([[-0.5, 2.0, 1.5, 0.2], [0.75, 1.25, -1.0, 0.3]], dtype=dtype)
    target = torch.tensor([2, 0])
    with fwAD.dual_level():
        dx = fwAD.make_dual(x, tx)
        dy = fwAD.make_dual(y, ty)
        show("clamp", dx.clamp(-1.0, 1.0))
        show("clamp min", dx.clamp(min=0.0))
        show("clamp max", torch.clamp(dx, max=0.2))
        show("where", torch.where(x > y, dx, dy))
        show("where plain other", torch.where(x > 0, dx, y))
        show("masked_fill", dx.masked_fill(x < 0, 5.0))
        show("leaky_relu", F.leaky_relu(dx, 0.1))
        show("pad", F.pad(dx, (1, 2)))
        show("remainder", dx % 0.7)
        show("mse", F.mse_loss(dx, dy))
        show("mse sum", F.mse_loss(dx, y, reduction="sum"))
        show("mse none target", F.mse_loss(x, dy, reduction="none"))
        show("nll", F.nll_loss(dx, target))
        show("nll none", F.nll_loss(dx, target, reduction="none"))
        show("cross_entropy", F.cross_entropy(dx, target))
        show("dropout eval", F.dropout(dx, 0.5, training=False))
        show("max", dx.max())
        show("min", dx.min())
        tied = fwAD.make_dual(torch.tensor([1.0, 3.0, 3.0, -2.0], dtype=dtype), tx[0])
        show("max tied", tied.max())
        show("sort", dx.sort(dim=1)[0])
        show("sort descending dim 0", dx.sort(dim=0, descending=True).values)
        show("topk", dx.topk(2)[0])
        show("topk smallest dim 0", dx.topk(1, dim=0, largest=False).values)
        c = dx.clone()
        c.clamp_(-0.5, 1.0)
        show("clamp_", c)
        show("var", dx.var())
        show("var dim", dx.var(1))
        show("var dim 0 biased keepdim", dx.var(0, unbiased=False, keepdim=True))
        show("std", dx.std())
        show("std dim", dx.std(1))
        show("std dim 0 keepdim", dx.std(0, keepdim=True))
        show("norm", dx.norm())
        show("norm dim", dx.norm(dim=1))
        show("norm 1", dx.norm(p=1, dim=0))
        show("vector_norm", torch.linalg.vector_norm(dx, dim=1, keepdim=True))
        zero_row = fwAD.make_dual(torch.zeros(2, 3, dtype=dtype), torch.ones(2, 3, dtype=dtype))
        show("norm of zeros", zero_row.norm(dim=1))

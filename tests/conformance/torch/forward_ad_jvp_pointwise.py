# Forward-mode AD through pointwise ops: the tangent of each result, printed to the last
# bit (tolist), in float32 and float64; inputs without a tangent count as zero.
import torch
import torch.autograd.forward_ad as fwAD


def show(name, out):
    tangent = fwAD.unpack_dual(out).tangent
    print(name, tangent.dtype, tangent.tolist())


for dtype in (torch.float32, torch.float64):
    x = torch.tensor([[0.3, -1.7, 2.5], [1.1, 0.05, -0.4]], dtype=dtype)
    tx = torch.tensor([[1.0, 0.5, -2.0], [0.25, -1.5, 3.0]], dtype=dtype)
    y = torch.tensor([[1.9, 0.6, -0.8], [2.2, -1.3, 0.7]], dtype=dtype)
    ty = torch.tensor([[-0.5, 2.0, 1.5], [0.75, 1.25, -1.0]], dtype=dtype)
    pos = torch.tensor([[0.3, 1.7, 2.5], [1.1, 0.05, 0.4]], dtype=dtype)
    with fwAD.dual_level():
        dx = fwAD.make_dual(x, tx)
        dy = fwAD.make_dual(y, ty)
        dp = fwAD.make_dual(pos, tx)
        show("add", dx + dy)
        show("add alpha", torch.add(dx, dy, alpha=2.5))
        show("add plain", dx + y)
        show("add plain left", y + dx)
        show("add number", dx + 3)
        show("sub", dx - dy)
        show("sub alpha", torch.sub(dx, dy, alpha=0.5))
        show("rsub", 2 - dx)
        show("mul", dx * dy)
        show("mul plain", dx * y)
        show("mul number", dx * 1.5)
        show("div", dx / dy)
        show("div plain numerator", x / dy)
        show("div number", dx / 3)
        show("rdiv", 2 / dy)
        show("neg", -dx)
        show("pow 2", dx ** 2)
        show("pow 3", dx ** 3)
        show("pow 0.5", dp ** 0.5)
        show("pow -1", dx ** -1)
        show("pow 0", dx ** 0)
        show("pow 2.5", dp ** 2.5)
        show("pow tensor", dp ** dy)
        show("pow tensor exponent only", pos ** dy)
        show("rpow", 2 ** dx)
        show("exp", dx.exp())
        show("log", dp.log())
        show("sin", dx.sin())
        show("cos", dx.cos())
        show("tanh", dx.tanh())
        show("sigmoid", dx.sigmoid())
        show("relu", dx.relu())
        show("sqrt", dp.sqrt())
        show("rsqrt", dp.rsqrt())
        show("abs", dx.abs())
        show("reciprocal", dx.reciprocal())
        show("chain", ((dx * dy).exp() + dx.sin() * 2).sigmoid() / (1 + dy ** 2))
        z = fwAD.make_dual(torch.tensor([1.0, 2.0], dtype=dtype), torch.tensor([0.0, 1.0], dtype=dtype))
        print(fwAD.unpack_dual(z * -1.0).tangent)

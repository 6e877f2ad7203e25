# PyTorch 1.13's sgn backward of a real tensor is a ZeroTensor (at::_efficientzerotensor):
# double backward through abs, norm(p=1), l1_loss and sgn hands one out. It prints as
# zeros, refuses tolist() and in-place writes, and add/sub/mul/div treat it as zero
# without arithmetic (so a -0. it is added to stays -0.).
import torch
import torch.nn.functional as F


def show(label, t):
    print(label, t, t._is_zerotensor(), t.dtype, tuple(t.shape), t.stride(), t.requires_grad)


def attempt(label, f):
    try:
        r = f()
        print(label, r.tolist() if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
g, = torch.autograd.grad(x.abs().sum(), x, create_graph=True)
print(g, g.grad_fn, g._is_zerotensor())
gg, = torch.autograd.grad(g.sum(), x)
show("gg", gg)
print(repr(gg), str(gg))
attempt("tolist", lambda: gg.tolist())
print("item", gg[0].item(), float(gg[1]), int(gg[2]), bool(gg[0]))
print("views", gg[0]._is_zerotensor(), gg.view(3, 1)._is_zerotensor(), gg.detach()._is_zerotensor(),
      gg.unsqueeze(0).t()._is_zerotensor(), gg[1:].stride(), gg.expand(2, 3)._is_zerotensor(), gg.data._is_zerotensor())
print("copies", gg.clone()._is_zerotensor(), gg.contiguous()._is_zerotensor(), gg.float()._is_zerotensor(),
      gg.double()._is_zerotensor(), gg.double(), gg.expand(2, 3).contiguous()._is_zerotensor())

m = torch.tensor([-0.0, 1.0, -0.0])
for label, f in [("m + gg", lambda: m + gg), ("gg + m", lambda: gg + m), ("m - gg", lambda: m - gg),
                 ("gg - m", lambda: gg - m), ("m * gg", lambda: m * gg), ("gg * m", lambda: gg * m),
                 ("gg / m", lambda: gg / m), ("m / gg", lambda: m / gg), ("gg / gg", lambda: gg / gg),
                 ("gg + gg", lambda: gg + gg), ("gg * gg", lambda: gg * gg), ("add alpha", lambda: torch.add(gg, m, alpha=2)),
                 ("sub alpha", lambda: torch.sub(gg, m, alpha=2)), ("add self alpha", lambda: torch.add(m, gg, alpha=2)),
                 ("gg + 2.5", lambda: gg + 2.5), ("gg + -0.", lambda: gg + -0.0), ("gg - 0.", lambda: gg - 0.0),
                 ("gg - 1", lambda: gg - 1), ("1 - gg", lambda: 1 - gg), ("gg * 2.5", lambda: gg * 2.5),
                 ("gg / 2", lambda: gg / 2), ("2 / gg", lambda: 2 / gg), ("-gg", lambda: -gg), ("gg.neg()", lambda: gg.neg()),
                 ("gg.exp()", lambda: gg.exp()), ("gg.sum()", lambda: gg.sum()), ("gg.abs()", lambda: gg.abs()),
                 ("gg + t64", lambda: gg + torch.ones(3, dtype=torch.float64)), ("t64 + gg", lambda: torch.ones(3, dtype=torch.float64) + gg),
                 ("gg + int", lambda: gg + torch.ones(3, dtype=torch.int64)), ("gg * int", lambda: gg * torch.ones(3, dtype=torch.int64)),
                 ("bcast", lambda: gg + torch.tensor([[-0.0], [1.0]])), ("dot", lambda: torch.dot(gg, m)),
                 ("matmul", lambda: gg @ m), ("outer", lambda: torch.outer(gg, m)), ("where", lambda: torch.where(m > 0, gg, m)),
                 ("eq", lambda: gg == 0), ("pow", lambda: gg ** 2), ("mm", lambda: gg.view(1, 3).mm(m.view(3, 1)))]:
    try:
        r = f()
        print(label, r.tolist() if not r._is_zerotensor() else r, r._is_zerotensor(), r.dtype, r.stride())
    except Exception as e:
        print(label, type(e).__name__, e)

# A transposed operand keeps its layout in the copy add returns.
bt = torch.arange(6.0).view(3, 2).t()
r = gg + bt
print("transposed", r.stride(), r.tolist())

# In-place writes into a ZeroTensor are refused; from one, it copies zeros.
attempt("zero_", lambda: gg.zero_())
attempt("add_", lambda: gg.add_(1))
attempt("mul_", lambda: gg.mul_(m))
attempt("copy_", lambda: gg.copy_(m))
attempt("view add_", lambda: gg[1:].add_(1))
print(gg, gg._version)
t = torch.tensor([-0.0, 5.0, -0.0])
t.add_(gg)
print("t.add_(gg)", t.tolist(), t._is_zerotensor())
t = torch.tensor([-0.0, 5.0, -0.0])
t.sub_(gg)
print("t.sub_(gg)", t.tolist())
t = torch.tensor([-0.0, 5.0, -3.0])
t.mul_(gg)
print("t.mul_(gg)", t.tolist())
t = torch.tensor([-0.0, 5.0, -0.0])
t.copy_(gg)
print("t.copy_(gg)", t.tolist(), t._version, t._is_zerotensor())

# Arithmetic with a ZeroTensor that requires grad records its node.
z = gg.detach().requires_grad_()
print(z._is_zerotensor(), z.requires_grad, z.is_leaf)
h = z * torch.ones(3, requires_grad=True)
print(h, h._is_zerotensor(), h.grad_fn)
k = z + torch.ones(3)
print(k, k._is_zerotensor(), k.grad_fn)
k.sum().backward()
print(z.grad, z.grad._is_zerotensor())

# sgn itself, and the other ops whose double backward goes through it.
s = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
gs, = torch.autograd.grad(s.sgn().sum(), s)
show("sgn grad", gs)
gs, = torch.autograd.grad(s.sgn().sum(), s, create_graph=True)
show("sgn grad create_graph", gs)
for label, f in [("norm1", lambda v: v.norm(1)), ("vector_norm1", lambda v: torch.linalg.vector_norm(v, 1)),
                 ("vector_norm inf", lambda v: torch.linalg.vector_norm(v, float("inf"))),
                 ("l1_loss", lambda v: F.l1_loss(v, torch.full_like(v, 0.5))),
                 ("abs double", lambda v: v.abs().sum()), ("abs float64", lambda v: v.double().abs().sum())]:
    v = torch.tensor([-1.5, 0.0, 2.5], requires_grad=True)
    g1, = torch.autograd.grad(f(v), v, create_graph=True)
    g2, = torch.autograd.grad(g1.sum(), v)
    print(label, g2, g2._is_zerotensor(), g2.dtype)
    attempt(label + " tolist", lambda: g2.tolist())

# The zero sign a ZeroTensor leaves alone: -0. summed with it stays -0.
v = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
g1, = torch.autograd.grad(v.abs().sum(), v, create_graph=True)
mix = (v * -0.0).sum() + g1.sum()
g2, = torch.autograd.grad(mix, v)
print("mixed", g2.tolist(), g2._is_zerotensor())

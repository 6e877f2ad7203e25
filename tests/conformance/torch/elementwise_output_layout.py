# The layout of elementwise results, clones and *_like tensors, as PyTorch 1.13's
# TensorIterator chooses it (Note [Output layout of elementwise ops]): a transposed or
# permuted input gives a permuted result, a sliced or broadcast one a dense result in
# the inputs' stride order; masked_fill, contiguous() and reshape's copy are contiguous.
# The layout shows in .stride(), .is_contiguous(), .view() errors and in the rounding of
# a reduction of the result.
import torch

torch.manual_seed(0)
x = torch.randn(3, 5).t()
e = torch.randn(3, 1).expand(3, 4)
s = torch.randn(4, 6)[:, ::2]
m = torch.randn(2, 3, 4, 5).permute(0, 2, 3, 1)
p = torch.randn(6, 4)[::2].t()
ops = [
    ("clone", lambda t: t.clone()),
    ("double", lambda t: t.double()),
    ("half", lambda t: t.half()),
    ("zeros_like", torch.zeros_like),
    ("ones_like", torch.ones_like),
    ("full_like", lambda t: torch.full_like(t, 2.0)),
    ("empty_like", lambda t: torch.empty_like(t).zero_()),
    ("mul scalar", lambda t: t * 2),
    ("add self", lambda t: t + t),
    ("sub contiguous", lambda t: t - t.contiguous()),
    ("contiguous * t", lambda t: t.contiguous() * t),
    ("add row", lambda t: t + torch.ones(t.shape[-1])),
    ("div", lambda t: t / 3),
    ("pow", lambda t: t ** 2),
    ("exp", torch.exp),
    ("sin", torch.sin),
    ("tanh", torch.tanh),
    ("sigmoid", torch.sigmoid),
    ("relu", torch.relu),
    ("gelu", torch.nn.functional.gelu),
    ("abs", torch.abs),
    ("neg", torch.neg),
    ("sqrt abs", lambda t: t.abs().sqrt()),
    ("gt", lambda t: t > 0),
    ("where", lambda t: torch.where(t > 0, t, t * 2)),
    ("clamp", lambda t: t.clamp(-1, 1)),
    ("clamp tensor", lambda t: t.clamp(min=torch.zeros_like(t))),
    ("addcmul", lambda t: torch.addcmul(t, t, t)),
    ("lerp", lambda t: torch.lerp(t, t * 2, 0.5)),
    ("masked_fill", lambda t: t.masked_fill(t > 0, 0.0)),
    ("contiguous", lambda t: t.contiguous()),
    ("clone contiguous_format", lambda t: t.clone(memory_format=torch.contiguous_format)),
    ("softmax", lambda t: torch.softmax(t, -1)),
    ("elu", torch.nn.functional.elu),
    ("silu", torch.nn.functional.silu),
    ("softplus", torch.nn.functional.softplus),
    ("maximum", lambda t: torch.maximum(t, t * 0.5)),
    ("atan2", lambda t: torch.atan2(t, t + 1)),
    ("lerp tensor", lambda t: torch.lerp(t, t, t)),
    ("flip", lambda t: t.flip(0)),
    ("remainder", lambda t: t % 0.7),
    ("mse_loss none", lambda t: torch.nn.functional.mse_loss(t, t * 0.5, reduction="none")),
    ("long", lambda t: t.long()),
]
for name, f in ops:
    print(name, [(tuple(r.stride()), r.is_contiguous()) for r in (f(t) for t in (x, e, s, m, p))])

# view of a permuted result fails as in PyTorch; reshape copies it contiguous
v = x + 1
try:
    v.view(-1)
except RuntimeError as err:
    print("view:", err)
print("reshape", v.reshape(-1).stride(), v.reshape(-1).grad_fn)
print("flatten", v.flatten().stride())

# a reduction of a permuted result runs in its memory order: every bit is compared
g = torch.Generator().manual_seed(3)
for shape in [(7, 33), (64, 129), (300, 40), (5, 4, 17)]:
    a = torch.randn(*shape, generator=g).transpose(0, -1)
    for r in (a * a, a.exp(), a.sigmoid(), a + 0.1):
        print(shape, [v.hex() for v in (r.sum().item(), r.mean().item(), r.sum(0).flatten()[0].item(), r.norm().item())])
    print(shape, torch.norm(a, dim=(0, 1)).flatten()[0].item().hex(), torch.norm(a * 3, p="fro").item().hex())

# gradients: a leaf's .grad follows the leaf's layout (the gradient layout contract)
w = torch.randn(5, 3).t().detach().requires_grad_()
(w * 2).exp().sum().backward()
print("leaf grad", w.grad.stride(), w.grad.is_contiguous())
a = torch.randn(4, 3, requires_grad=True)
c = (a.t() * a.t()).sigmoid()
print("nonleaf", c.stride(), c.grad_fn.name())
c.sum().backward()
print("grad", a.grad.stride(), a.grad)

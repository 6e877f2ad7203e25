# GELU rounds as PyTorch 1.13's CPU paths do: oneDNN's gelu_erf for a contiguous float32
# tensor (exact form), GeluKernelImpl's vector and scalar bodies otherwise (tanh form,
# float64, strided inputs), forward and backward, printed as digests of every value's
# bits; then the backward's own node (GeluBackwardBackward0) and the errors.
import hashlib
import torch
import torch.nn.functional as F


def digest(t):
    return hashlib.md5(" ".join(v.hex() for v in t.detach().reshape(-1).tolist()).encode()).hexdigest()[:8]


for dtype in (torch.float32, torch.float64):
    for n in (1, 3, 8, 13, 16, 40, 100):
        base = ((torch.arange(2 * n, dtype=torch.float64) * 0.7311).sin() * 3).to(dtype)
        g = ((torch.arange(n, dtype=torch.float64) * 0.37).cos()).to(dtype)
        for name, x in (("contiguous", base[:n].clone()), ("strided", base[::2])):
            x.requires_grad_()
            for approximate in ("none", "tanh"):
                y = F.gelu(x, approximate=approximate)
                gx, = torch.autograd.grad(y, x, g)
                print(dtype, n, name, approximate, digest(y), digest(gx))

x = torch.tensor([[-2.5, -0.3, 0.0], [0.7, 1.9, 4.2]], requires_grad=True)
m = torch.nn.GELU(approximate='tanh')
print(m, torch.nn.GELU(), F.gelu(x), m(x))
for approximate in ("none", "tanh"):
    y = F.gelu(x, approximate=approximate)
    gx, = torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)
    print(approximate, gx.grad_fn.name(), [type(f).__name__ if f else None for f, _ in gx.grad_fn.next_functions],
          gx.grad_fn._saved_approximate)
    print(gx)
    gx.sum().backward()
    print(x.grad)
    x.grad = None
print(F.gelu(torch.tensor(0.5)), F.gelu(torch.tensor(0.5, dtype=torch.float64), approximate='tanh'))
for f in (lambda: F.gelu(torch.tensor([1, 2])), lambda: F.gelu(x, approximate='fast')):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

# Second derivatives over a wide grid: for a large |x| the tanh form's 1 - tanh^2 cancels,
# so 1.13's sech = 1 / cosh and its left-to-right products decide the bits.
for dtype in (torch.float32, torch.float64):
    grid = torch.linspace(-8, 8, 161, dtype=dtype).requires_grad_()
    for approximate in ("none", "tanh"):
        g, = torch.autograd.grad(F.gelu(grid, approximate=approximate).sum(), grid, create_graph=True)
        h, = torch.autograd.grad(g.sum(), grid)
        print(dtype, approximate, "second derivative", digest(h))

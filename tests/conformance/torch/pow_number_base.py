# torch.pow(number, tensor) (PowBackward2): pow_tensor_tensor's kernel with the number as a wrapped
# base (SLEEF's pow on whole vector pairs, std::pow in the tensor's type on the rest; a base of 1
# fills ones), and pow_backward_exponent's grad * (result * log(base)), zero for a base of 0
# where the exponent is >= 0 (logaddexp2's gradient goes through it).
import math, struct, torch

def digest(t):
    vals = t.double().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(v for v in vals if math.isfinite(v)), bits)

torch.manual_seed(6)
for dtype in (torch.float32, torch.float64):
    for n in (1, 7, 8, 16, 17, 33, 100):
        e = (torch.randn(n) * 6).to(dtype)
        print(dtype, n, digest(torch.pow(2, e)), digest(torch.pow(0.37, e)), digest(2.5 ** e), digest(torch.pow(1, e)))
    grid = (torch.randn(6, 10) * 4).to(dtype)
    print("strided", digest(torch.pow(3, grid.t())), digest(torch.pow(-1.5, grid[:, ::2])))
print(torch.pow(2, torch.tensor([0., -0., float('inf'), -float('inf'), float('nan'), 1e3, -1e3, 0.5] * 3)).tolist())
print(torch.pow(2, torch.tensor([1, 2, -1])), torch.pow(2.5, torch.tensor([1, 2])), torch.pow(1, torch.tensor([float('nan')] * 20)).tolist())

x = (torch.randn(40) * 3).requires_grad_()
y = torch.pow(1.7, x)
print(y.grad_fn.name(), y.grad_fn._saved_self, y.grad_fn._saved_exponent is x)
y.backward(torch.linspace(-1, 1, 40))
print(digest(x.grad), x.grad.tolist()[:4])
x.grad = None
z = torch.tensor([-1., 0., 2., float('nan')], requires_grad=True)
torch.pow(0, z).sum().backward()
print(z.grad.tolist())
g, = torch.autograd.grad(torch.pow(2, x), x, torch.ones(40, requires_grad=True), create_graph=True)
print(digest(g), g.grad_fn.name(), [n[0].name() for n in g.grad_fn.next_functions])

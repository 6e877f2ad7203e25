# torch.amax / torch.amin and the Tensor methods: one dim, a list of dims (any order,
# negative), keepdim, every dim, integer / bool / 0-d / empty inputs, NaN and infinities;
# AmaxBackward0 / AminBackward0 with their saved values and the gradient split evenly
# among ties; forward-mode tangents; errors.
import math, struct, torch

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values(4 * 5 * 6, 1, 3.0), dtype=dtype).reshape(4, 5, 6)
    for dims in (0, 1, -1, (0, 2), (2, 0), (-1, -2), (0, 1, 2), ()):
        print(dims, digest(x.amax(dims)), digest(torch.amin(x, dims)), digest(torch.amax(x, dims, keepdim=True)).split()[0],
              tuple(x.amax(dims, True).shape), tuple(x.amin(dim=dims).shape))
    print(digest(x.transpose(0, 2).amax(1)), digest(x[:, ::2].amin((0, 1))), digest(x.amax()), digest(x.amin()))

print(torch.amax(torch.tensor([[1, 7, -3], [4, 4, 9]]), 1), torch.amin(torch.tensor([[1, 7, -3], [4, 4, 9]]), 0),
      torch.tensor([True, False]).amax(), torch.tensor([True, False]).amin(), torch.tensor(2.5).amax(0),
      torch.tensor(2.5).amin(()), torch.empty(0, 3).amax(1), torch.empty(0, 3).amin(1, keepdim=True).shape)
n = torch.tensor([[1., float('nan'), 3.], [float('-inf'), -2., float('inf')]])
print(n.amax(1), n.amin(1), n.amax(0), n.amin(0), n.amax(), n[1].amin())
print(torch.amax(torch.tensor([1., 2.], dtype=torch.float16), 0), torch.amin(torch.tensor([1., 2.], dtype=torch.bfloat16), 0))

a = torch.tensor([[1., 3., 3.], [2., 2., 0.5], [-1., 4., 4.]], requires_grad=True)
r = torch.amax(a, 1)
print(r, r.grad_fn.name(), r.grad_fn._saved_dim, r.grad_fn._saved_keepdim, r.grad_fn._saved_self is a,
      r.grad_fn._saved_result.equal(r), r.grad_fn.next_functions[0][0].name())
(r * torch.tensor([1., 10., 100.])).sum().backward()
print(a.grad)
for call in (lambda: a.amin(0), lambda: a.amax((0, 1)), lambda: a.amax((1, 0), keepdim=True), lambda: a.amin(-1, True),
             lambda: a.amax(), lambda: torch.amin(a, dim=(-2,)), lambda: a.t().amax(0)):
    a.grad = None
    out = call()
    out.backward(torch.arange(1., out.numel() + 1).reshape(out.shape))
    print(out, out.grad_fn.name(), out.grad_fn._saved_dim, out.grad_fn._saved_keepdim)
    print(a.grad)
b = torch.tensor([5., 5., 5., 5., 5., 5.], dtype=torch.float64, requires_grad=True)
b.amax().backward()
print(b.grad)
s0 = torch.tensor(3., requires_grad=True)
torch.amin(s0, 0).backward()
print(s0.grad)
c = torch.tensor([[2., 2.], [1., 3.]], requires_grad=True)
g, = torch.autograd.grad(c.amax(0).sum(), c, create_graph=True)
print(g, g.requires_grad)

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    primal = torch.tensor([[1., 4., 4.], [2., 0., 2.]])
    dual = fwAD.make_dual(primal, torch.tensor([[1., 2., 3.], [4., 5., 6.]]))
    print(fwAD.unpack_dual(dual.amax(1)).tangent, fwAD.unpack_dual(dual.amin(0, keepdim=True)).tangent,
          fwAD.unpack_dual(dual.amax()).tangent)

for call in (lambda: torch.amax(torch.empty(0, 3), 0), lambda: torch.empty(0, 3).amin(),
             lambda: torch.amax(a, (0, 0)), lambda: torch.amin(a, (1, -1)), lambda: torch.amax(a, 2),
             lambda: torch.amax(a, 1.5), lambda: a.amin('x'), lambda: a.amax(0, False, 1)):
    try:
        call()
    except (TypeError, RuntimeError, IndexError) as e:
        print(type(e).__name__, e)

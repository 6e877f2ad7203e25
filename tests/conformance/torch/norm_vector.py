# Tensor.norm / torch.norm / torch.linalg: values (bit for bit: see Note [Norm
# accumulation order]), node names, saved attributes, gradients and errors.
import torch


def lcg(n, seed):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2**31
        out.append((seed / 2**31 - 0.5) * 6)
    return out


def saved(fn, names):
    return {n: getattr(fn, '_saved_' + n) for n in names}


x = torch.tensor([[1., -2., 3.], [4., 5., -6.]], requires_grad=True)
for args in [(), (1,), (float('inf'),), (float('-inf'),), ('fro',), (2, 1), (2, 0, True), (1, 1), (0,), (3,),
             (0.5,), (1.5,)]:
    y = x.norm(*args)
    print(args, y, y.grad_fn.name(), saved(y.grad_fn, ['dim', 'keepdim', 'p']))
    print(y.grad_fn._saved_result.equal(y), y.grad_fn._saved_self is x)
    x.grad = None
    y.sum().backward()
    print(x.grad)

print(torch.norm(x, p='fro', dim=1), torch.norm(x, dim=(0, 1)).grad_fn.name(), torch.norm(x, p='fro', dim=(1, 0)))
print(torch.linalg.vector_norm(x), torch.linalg.vector_norm(x, 1, dim=0, keepdim=True))
v = torch.linalg.vector_norm(x, float('inf'), dim=1)
print(v, v.grad_fn.name(), saved(v.grad_fn, ['keepdim', 'ord']))
v = torch.linalg.vector_norm(x)
print(saved(v.grad_fn, ['dim', 'ord']))
v = torch.linalg.norm(x)
print(v, v.grad_fn.name(), saved(v.grad_fn, ['dim', 'ord']))
print(torch.linalg.norm(x, 'fro'), torch.linalg.norm(x[0]), torch.linalg.norm(x, dim=1), torch.linalg.norm(x[1], 1))

# ties and zeros in the gradient: inf picks every maximum, p=2 of a zero vector gives 0
t = torch.tensor([[3., -3., 1.], [0., 0., 0.]], requires_grad=True)
t.norm(float('inf'), 1).sum().backward()
print(t.grad)
t.grad = None
t.norm(dim=1).sum().backward()
print(t.grad)

# long float32 vectors (the eight-lane order) and float64 ones
for n in [1, 5, 8, 13, 16, 21, 31, 64, 100, 257]:
    a = torch.tensor(lcg(n, n))
    print(n, a.norm().item(), a.norm(1).item(), a.norm(3).item(), a.double().norm().item(),
          torch.linalg.vector_norm(a).item())
m = torch.tensor(lcg(60, 7)).reshape(5, 12)
print(m.norm(dim=1).tolist(), m.norm(dim=0).tolist(), m.t().norm().item(), m.norm(dim=(0, 1)).item())

# double backward
w = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
g, = torch.autograd.grad(w.norm(), w, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(w.grad)

for f in [lambda: torch.tensor([1, 2]).norm(), lambda: torch.linalg.vector_norm(torch.tensor([1, 2])),
          lambda: x.norm(p='abc'), lambda: x.norm(dim=(0, 0)), lambda: x.norm(p='fro', dim=(0, 1, 1)),
          lambda: x.norm(dim=3)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

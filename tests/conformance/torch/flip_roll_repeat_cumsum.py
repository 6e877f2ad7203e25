# cumsum, cumprod (dim, dtype), flip, roll, repeat, tile and outer: values, grad_fn
# names and gradients.
import torch

x = torch.tensor([[1., 2., 3.], [4., -1., 2.]], dtype=torch.float64, requires_grad=True)
w = torch.tensor([[1., 3., -2.], [2., 1., 1.]], dtype=torch.float64)


def check(name, y):
    print(name, y, y.grad_fn.name())
    (y * torch.arange(float(y.numel()), dtype=torch.float64).reshape(y.shape)).sum().backward()
    print(x.grad)
    x.grad = None


check("cumsum1", x.cumsum(1))
check("cumsum0", torch.cumsum(x, dim=0))
check("cumsum-1", x.cumsum(-1, dtype=torch.float64))
check("cumprod1", x.cumprod(1))
check("cumprod0", torch.cumprod(x, 0))
z = torch.tensor([[2., 0., 3., 1.], [0., 0., 2., 5.]], dtype=torch.float64, requires_grad=True)
p = z.cumprod(1)
print(p, p.grad_fn.name())
p.sum().backward()
print(z.grad)
check("flip0", x.flip(0))
check("flip01", torch.flip(x, [0, 1]))
check("flip-1", x.flip(-1))
check("roll", x.roll(1))
check("roll1", torch.roll(x, 2, 1))
check("roll01", x.roll((1, -1), (0, 1)))
check("repeat", x.repeat(2, 1))
check("repeat3", x.repeat(2, 1, 3))
check("tile", x.tile(2))
check("tile3", torch.tile(x, (2, 1, 1)))
v = torch.tensor([1., -2., 3.], dtype=torch.float64, requires_grad=True)
u = torch.tensor([2., 5.], dtype=torch.float64, requires_grad=True)
o = torch.outer(v, u)
print(o, o.grad_fn.name(), [f.name() for f, _ in o.grad_fn.next_functions])
(o * torch.arange(6., dtype=torch.float64).reshape(3, 2)).sum().backward()
print(v.grad, u.grad)
print(v.outer(u))
i = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(i.cumsum(0), i.cumprod(1), torch.tensor([True, False, True]).cumsum(0))
print(i.cumsum(1, dtype=torch.float32), i.flip(1), i.roll(-1), i.repeat(1, 2), torch.arange(3).tile((2,)))
print(torch.tensor([1., 2., 4.]).cumprod(0, dtype=torch.float64))
parts = x.unbind(1)
print(parts, parts[0].grad_fn.name(), parts[0]._base is x)
(parts[0] * 2 + parts[2]).sum().backward()
print(x.grad)
x.grad = None
rows = torch.unbind(x)
print(rows)
torch.stack([rows[1], rows[0]]).sum().backward()
print(x.grad)

# gather, scatter (src and value), scatter_add, index_select, masked_select: values,
# grad_fn names and gradients, out of place and in place.
import torch

x = torch.arange(1., 13., dtype=torch.float64).reshape(3, 4).requires_grad_()
idx = torch.tensor([[0, 2, 1], [3, 3, 0]])
g = x.gather(1, idx)
print(g, g.grad_fn.name())
print(torch.gather(x, 0, torch.tensor([[2, 0, 1, 2], [0, 0, 0, 1]])))
g.sum().backward()
print(x.grad)

x.grad = None
src = torch.tensor([[10., 20., 30.], [40., 50., 60.]], dtype=torch.float64, requires_grad=True)
s = x.scatter(1, torch.tensor([[0, 1, 2], [3, 2, 1]]), src)
print(s, s.grad_fn.name())
(s * torch.arange(12., dtype=torch.float64).reshape(3, 4)).sum().backward()
print(x.grad)
print(src.grad)

x.grad = None
v = torch.scatter(x, 0, torch.tensor([[2, 1, 0, 2]]), 7.5)
print(v, v.grad_fn.name())
(v * v).sum().backward()
print(x.grad)

x.grad = None
src.grad = None
a = x.scatter_add(0, torch.tensor([[0, 1, 0], [0, 2, 2]]), src)
print(a, a.grad_fn.name())
(a * a).sum().backward()
print(x.grad)
print(src.grad)

y = x.detach().clone()
y.scatter_(1, torch.tensor([[1], [0], [3]]), -1.)
print(y, y._version)
y.scatter_add_(0, torch.tensor([[2, 2, 2, 2]]), torch.ones(1, 4, dtype=torch.float64))
print(y, y._version)
z = x * 1
z.scatter_(1, torch.tensor([[0, 1]]), src[:1, :2])
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
print(src.grad)

x.grad = None
i = x.index_select(1, torch.tensor([3, 0, 3]))
print(i, i.grad_fn.name())
(i * i).sum().backward()
print(x.grad)
print(torch.index_select(x, 0, torch.tensor([1])))

x.grad = None
m = x.masked_select(x > 6)
print(m, m.grad_fn.name())
(m * m).sum().backward()
print(x.grad)
b = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
mb = torch.masked_select(b, torch.tensor([[True, False, True], [False, True, True]]))
print(mb)
mb.sum().backward()
print(b.grad)
print(torch.tensor([[1, 2], [3, 4]]).gather(0, torch.tensor([[1, 0]])))

# triu, tril (and in place), diag (vector -> matrix, matrix -> vector, offsets) and
# trace: values, grad_fn names and gradients.
import torch

x = torch.arange(1., 13., dtype=torch.float64).reshape(3, 4).requires_grad_()
w = torch.arange(12., dtype=torch.float64).reshape(3, 4)
for k in (0, 1, -1, 5, -5):
    u = x.triu(k)
    l = torch.tril(x, diagonal=k)
    print(k, u, l, u.grad_fn.name(), l.grad_fn.name())
    ((u + 2 * l) * w).sum().backward()
    print(x.grad)
    x.grad = None

b = torch.arange(24., dtype=torch.float64).reshape(2, 3, 4)
print(b.triu(1), b.tril())
y = x.detach().clone()
y.triu_(1)
print(y, y._version)
y.tril_()
print(y, y._version)
z = x * 1
z.tril_(-1)
print(z.grad_fn.name())
(z * w).sum().backward()
print(x.grad)
x.grad = None

v = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
for k in (0, 1, -2):
    d = torch.diag(v, k)
    print(d, d.grad_fn.name())
    (d * torch.arange(float(d.numel()), dtype=torch.float64).reshape(d.shape)).sum().backward()
    print(v.grad)
    v.grad = None
for k in (0, 1, -1, 3, -2):
    d = x.diag(k)
    print(d, d.grad_fn.name())
    (d * d).sum().backward()
    print(x.grad)
    x.grad = None

t = x.trace()
print(t, t.grad_fn.name())
(t * 3).backward()
print(x.grad)
print(torch.trace(torch.arange(9).reshape(3, 3)), torch.trace(torch.ones(4, 2)))
print(torch.diag(torch.tensor([1, 2])), torch.tensor([[True, False], [True, True]]).triu())

# Tensor.split / split_with_sizes / chunk and their unsafe_ forms: pieces, grad_fn names and saved
# attributes, views versus pieces with their own version counters, gradients, PyTorch's errors.
import torch

x = torch.arange(10.).reshape(2, 5).requires_grad_()
a = x.split(2, 1)
print([t.shape for t in a], a[0].grad_fn.name(), a[0]._is_view(), [t.grad_fn is a[0].grad_fn for t in a])
print(a[0].grad_fn._saved_split_size, a[0].grad_fn._saved_dim, a[0].grad_fn._saved_self_sizes)
b = x.split([1, 4], 1)
print(b[1].grad_fn.name(), b[0].grad_fn._saved_split_sizes, b[1])
c = x.chunk(3, 1)
print([t.shape for t in c], c[0].grad_fn.name(), [t.shape for t in x.chunk(4, 1)], len(x.chunk(7, 1)))
u = x.unsafe_chunk(2, 1)
print(u[0].grad_fn.name(), u[0]._is_view(), u[0]._version, u[0].grad_fn._saved_split_size)
y = x * 1
u = y.unsafe_chunk(2, 1)
u[0].mul_(2)
print(u[0]._version, u[1]._version, y._version, u[0].grad_fn.name(), y)
print(torch.split(x, 2, dim=1)[2].shape, torch.chunk(x, 2)[0].shape, torch.unsafe_chunk(x, 2, 1)[1].shape)
print(torch.split(x, [3, 2], 1)[0].shape, x.unsafe_split(3, 1)[1].grad_fn.name(),
      x.unsafe_split_with_sizes([2, 3], 1)[0].grad_fn.name(), x.split_with_sizes([2, 3], -1)[1].shape)
print(x.split(9, 1)[0].shape, x.split(1, 0)[1], torch.zeros(0, 3).split(0), torch.zeros(0, 3).chunk(2))
for f in [lambda: x.split(-1), lambda: x.split([1, 2], 1), lambda: x.chunk(0), lambda: torch.tensor(1.).split(1),
          lambda: torch.tensor(1.).chunk(1), lambda: x.split(0, 1), lambda: x.split([1, -1, 5], 1),
          lambda: x.split(1, 5)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
sum(t.sum() * i for i, t in enumerate(x.split(2, 1))).backward()
print(x.grad)
x.grad = None
p, q = x.unsafe_chunk(2, 0)
(p * 3).sum().backward()
print(x.grad)
w = torch.ones(6, requires_grad=True) * 1
first, second, third = w.unsafe_split(2)
first.sigmoid_()
third.tanh_()
(first.sum() + second.sum() * 2 + third.sum()).backward()
print(w.grad_fn.name(), first.grad_fn.name(), second.grad_fn.name())
# the pieces of split and chunk are views of one node: PyTorch refuses to modify them in place
z = x * 1
for pieces in (z.split(2, 1), z.chunk(2, 0), z.split([2, 3], 1), x.split(3, 1)):
    try:
        pieces[-1].mul_(2)
    except RuntimeError as e:
        print('RuntimeError:', e)
with torch.no_grad():
    pieces = z.split(2, 1)
    pieces[0].mul_(2)
print(z)
print([t.shape for t in torch.split(x, split_size_or_sections=[1, 4], dim=1)], torch.split.__module__)

# torch.take (flat indices, TakeBackward0) and torch.bincount (no derivative in 1.13),
# with their checks.
import torch


def attempt(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


def saved(g):
    return [(k, getattr(g, k)) for k in dir(g) if k.startswith('_saved')]


x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
i = torch.tensor([0, 5, -1, 2, 2])
y = torch.take(x, i)
print(y, y.grad_fn.name(), saved(y.grad_fn))
y.backward(torch.tensor([1., 2., 3., 4., 5.]))
print(x.grad)
x.grad = None
y = x.t().take(torch.tensor([[0, 1], [2, 3]]))
print(y)
(y * y).sum().backward()
print(x.grad)
print(x.take(torch.tensor([], dtype=torch.long)), torch.take(x, index=torch.tensor([1])))
print(torch.take(torch.tensor(5.), torch.tensor([0, 0, -1])), torch.tensor([7, 8, 9], dtype=torch.int16).take(torch.tensor(2)))
print(torch.tensor([True, False]).take(torch.tensor([1, 0, 1])))
attempt(lambda: x.take(torch.tensor([6])))
attempt(lambda: x.take(torch.tensor([0, -7])))
attempt(lambda: x.take(torch.tensor([1.])))
attempt(lambda: x.take(torch.tensor([1], dtype=torch.int32)))
attempt(lambda: x.take([1]))
attempt(lambda: torch.take(x, [1]))
attempt(lambda: torch.take(torch.zeros(0), torch.tensor([0])))
print(torch.take(torch.zeros(0), torch.tensor([], dtype=torch.long)))
# The saved index is read at backward: changing it in between is caught.
x.grad = None
idx = torch.tensor([0, 0])
y = x.take(idx)
idx.add_(1)
attempt(lambda: y.sum().backward())
print(x.grad)

print(torch.bincount(torch.tensor([0, 1, 1, 3, 5])))
print(torch.bincount(torch.tensor([0, 1, 1, 3]), minlength=7), torch.bincount(torch.tensor([4, 1]), minlength=2))
print(torch.bincount(torch.tensor([0, 1, 1, 3]), weights=torch.tensor([0.5, 1., 2., 0.25])))
print(torch.bincount(torch.tensor([0, 1, 1, 3]), weights=torch.tensor([0.5, 1., 2., 0.25], dtype=torch.float64)))
print(torch.bincount(torch.tensor([0, 1, 1, 3]), weights=torch.tensor([1, 2, 3, 4])))
print(torch.bincount(torch.tensor([1, 2]), weights=torch.tensor([True, False])))
print(torch.bincount(torch.tensor([1, 2]), weights=torch.tensor([1., 2.], dtype=torch.float16)))
print(torch.bincount(torch.tensor([], dtype=torch.long)), torch.bincount(torch.tensor([], dtype=torch.long), minlength=3))
print(torch.bincount(torch.tensor([2, 2], dtype=torch.uint8)), torch.bincount(torch.tensor([1, 2], dtype=torch.int32)))
print(torch.tensor([0, 1, 1]).bincount(minlength=2), torch.tensor([0, 1, 1]).bincount(None, 4))
print(torch.tensor([0, 1, 1])[::2].bincount(torch.tensor([1., 2., 3.])[1:]))
w = torch.tensor([0.5, 1., 2., 0.25], requires_grad=True)
r = torch.bincount(torch.tensor([0, 1, 1, 3]), weights=w)
print(r, r.requires_grad, r.grad_fn.name())
attempt(lambda: r.sum().backward())
attempt(lambda: torch.bincount(torch.tensor([-1, 1])))
attempt(lambda: torch.bincount(torch.tensor([[1, 1]])))
attempt(lambda: torch.bincount(torch.tensor(1)))
attempt(lambda: torch.bincount(torch.tensor([1., 1.])))
attempt(lambda: torch.bincount(torch.tensor([True, False])))
attempt(lambda: torch.bincount(torch.tensor([1, 1]), minlength=-1))
attempt(lambda: torch.bincount(torch.tensor([1, 1]), weights=torch.tensor([1.])))
attempt(lambda: torch.bincount(torch.tensor([1, 1]), weights=torch.tensor([[1., 2.]])))
attempt(lambda: torch.bincount(torch.tensor([1, 2]), 1))
attempt(lambda: torch.tensor([1, 2]).bincount(1))
attempt(lambda: torch.bincount(torch.tensor([1, 1]), minlength=2.5))
print(torch.bincount(torch.tensor([], dtype=torch.long), weights=torch.tensor([]), minlength=2))
print(torch.bincount(torch.tensor([], dtype=torch.long), weights=torch.tensor([1.]), minlength=2))
print(torch.bincount(input=torch.tensor([1, 1])))

# Forward mode: take is linear; bincount has no formula in 1.13.
import torch.autograd.forward_ad as fwAD

with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([[1., 2.], [0., 3.]]), torch.tensor([[1., 2.], [3., 4.]]))
    print(fwAD.unpack_dual(torch.take(d, torch.tensor([3, 0, -1]))).tangent)
    attempt(lambda: torch.bincount(torch.tensor([0, 1]), weights=fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 2.]))))

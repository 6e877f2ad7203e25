# torch.clamp with tensor bounds (ClampBackward0: min and max get gradients too), mixed
# with numbers, broadcasting, NaN bounds; and torch.remainder(number, tensor), whose
# node has no derivative in PyTorch 1.13.
import torch

a = torch.tensor([-2., 0.5, 3., 1.5], dtype=torch.float64, requires_grad=True)
lo = torch.tensor([-1., 1., 0., 2.], dtype=torch.float64, requires_grad=True)
hi = torch.tensor([1., 2., 2., 1.], dtype=torch.float64, requires_grad=True)
c = torch.clamp(a, lo, hi)
print(c, c.grad_fn, [f[0] is not None for f in c.grad_fn.next_functions])
(c * torch.tensor([1., 2., 3., 4.], dtype=torch.float64)).sum().backward()
print(a.grad, lo.grad, hi.grad)
for t in (a, lo, hi):
    t.grad = None
c2 = a.clamp(min=lo)
c3 = torch.clamp(a, max=hi)
print(c2, c2.grad_fn, c3, c3.grad_fn.next_functions)
(c2.sum() + c3.sum()).backward()
print(a.grad, lo.grad, hi.grad)
print(a.clamp(min=torch.tensor(0.), max=1), torch.clip(a, torch.tensor([0.]), torch.tensor([[1.], [2.]])))
print(torch.clamp(torch.tensor([1, 5, 9]), torch.tensor([2, 2, 2]), torch.tensor([3, 8, 8])))
print(torch.clamp(torch.tensor([1, 5]), torch.tensor([2.5, 2.]), None))
print(torch.clamp(torch.tensor([1., float('nan'), 3.]), torch.tensor([0., 0., float('nan')]), torch.tensor(2.)))
print(torch.autograd.gradcheck(lambda x, l, h: torch.clamp(x, l, h),
                               (torch.tensor([-2., 0.5, 3.], dtype=torch.float64, requires_grad=True),
                                torch.tensor([-1., 0., 1.], dtype=torch.float64, requires_grad=True),
                                torch.tensor([1., 2., 2.], dtype=torch.float64, requires_grad=True))))
try:
    torch.clamp(a, None, None)
except RuntimeError as e:
    print(e)

b = torch.tensor([2., -3., 4.], requires_grad=True)
r = torch.remainder(7, b)
print(r, r.grad_fn, r.grad_fn.name(), r.grad_fn.next_functions)
print(torch.remainder(7, torch.tensor([2, 3])), torch.remainder(7.5, torch.tensor([2, -3, 4])))
print(torch.remainder(-7, torch.tensor([2., -3., 0.])))
try:
    r.sum().backward()
except RuntimeError as e:
    print(e)
try:
    torch.remainder(2, 3)
except TypeError as e:
    print(e)

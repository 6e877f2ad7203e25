# % and // on tensors: Python's sign rules for floats and ints, RemainderBackward1/0, errors.
import torch
x = torch.tensor([5.5, -3.25, 7., -8.], requires_grad=True); y = torch.tensor([2., 2., -3., -3.], requires_grad=True)
r = x % y; print(r, r.grad_fn.name()); r.sum().backward(); print(x.grad, y.grad)
r2 = x % 2; print(r2, r2.grad_fn.name())
print(x.detach() // y.detach(), x.detach() // 2, 7 // torch.tensor([2, -3]), 7 % torch.tensor([2, -3]))
print(torch.tensor([7, -7]) % 3, torch.tensor([7, -7]) // 3, torch.tensor([7.5, -7.5]) % -2, torch.arange(10) % 3)
print(torch.tensor([1., -1., 0.]) // torch.tensor([0., 0., 0.]), torch.tensor([-0.5]) // 2)
try:
    torch.tensor([7, -7]) % torch.tensor([0, 1])
except RuntimeError as e:
    print(type(e).__name__, e)

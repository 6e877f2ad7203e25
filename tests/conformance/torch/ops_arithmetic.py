# Binary arithmetic with tensors and Python numbers, alpha=, reflected operators.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
print(a + b, a - b, a * b, a / b)
print(a ** 2, 2 ** a, a ** b)
print(1 - a, 6 / a, 10 + a, 3 * a)
print(torch.add(a, b, alpha=2), a.sub(b, alpha=0.5), torch.mul(a, 3), torch.div(a, 2))
print(a.add(1), a.sub(1), a.mul(b), a.div(b), a.pow(3), torch.pow(a, 0.5))
print(-a, torch.neg(a))
out = (a * b + a / b - 2 ** a + a ** 2).sum()
out.backward()
print(a.grad)
print(b.grad)
print((1 - a).grad_fn, (6 / a).grad_fn, (2 ** a).grad_fn, (a ** b).grad_fn, (a / b).grad_fn)
print((a + 1).grad_fn, (a - b).grad_fn, (a * 2).grad_fn, (-a).grad_fn)

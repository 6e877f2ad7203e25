# .grad accumulates across backward calls until it is zeroed or set to None.
import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(3):
    loss = (w * w).sum()
    loss.backward()
    print(step, w.grad)
w.grad.zero_()
print(w.grad)
(w * 5).sum().backward()
print(w.grad)
w.grad = None
print(w.grad)
(w * 5).sum().backward()
print(w.grad, w.grad.requires_grad, w.grad.is_leaf)
a = torch.tensor(1.0, requires_grad=True)
s = a * 2 + a * 3
s.backward()
print(a.grad)

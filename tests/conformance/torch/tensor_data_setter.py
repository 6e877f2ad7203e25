# x.data = y takes y's values, shape, dtype; the tensor keeps being the same leaf and
# its own version counter; gradients flow with the new dtype.
import torch

p = torch.tensor([1.5, -2.0], requires_grad=True)
p.data = p.data.double()
print(p, p.dtype, p.is_leaf, p._version)
(p * 3).sum().backward()
print(p.grad, p.grad.dtype)
q = torch.tensor([1.0, 2.0, 3.0])
q.data = torch.arange(4)
print(q, q.dtype, q.shape)
r = torch.ones(2, requires_grad=True)
try:
    r.data = torch.tensor([1, 2])
except RuntimeError as e:
    print(type(e).__name__, e)
w = torch.zeros(2, 2, requires_grad=True)
w.data = torch.eye(3)
print(w, w.shape)

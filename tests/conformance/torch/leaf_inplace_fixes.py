# Two correct ways to update a leaf in place: under torch.no_grad(), or through .data.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
with torch.no_grad():
    w -= 0.1 * w.grad
print(w, w.is_leaf, w.grad_fn, w._version)
w.grad.zero_()
(w * w).sum().backward()
w.data -= 0.1 * w.grad
print(w, w._version)
w.data.add_(1)
print(w, w._version)

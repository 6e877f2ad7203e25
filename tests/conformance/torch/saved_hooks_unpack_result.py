# The unpack hook must return a Tensor (TypeError otherwise); a different dtype is accepted silently.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: None, lambda p: p):
    y = x.exp()
try:
    print(y.grad_fn._saved_result)
except TypeError as e:
    print(type(e).__name__, e)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: "not a tensor"):
    y = x.exp()
try:
    y.sum().backward()
except TypeError as e:
    print(type(e).__name__, e)
print(x.grad)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: p.double()):
    y = x.exp()
print(y.grad_fn._saved_result)
y.sum().backward()
print(x.grad, x.grad.dtype)

# Keyword arguments: rejected by reentrant checkpoint (ValueError), passed to the function with use_reentrant=False; backward(inputs=...) rejected.
import torch
from torch.utils.checkpoint import checkpoint


def f(a, scale=1.0, shift=0.0):
    return a * scale + shift


x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    checkpoint(f, x, scale=2.0, shift=1.0)
except ValueError as e:
    print(type(e).__name__, e)
y = checkpoint(f, x, use_reentrant=False, scale=3.0, shift=1.0)
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
y = checkpoint(f, x, 2.0, preserve_rng_state=False)
print(y, y.grad_fn.name())
try:
    y.sum().backward(inputs=[x])
except RuntimeError as e:
    print(type(e).__name__, e)

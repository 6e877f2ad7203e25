# checkpoint(use_reentrant=False): the function runs once in forward and once more during backward; works with autograd.grad.
import torch
from torch.utils.checkpoint import checkpoint

calls = 0


def f(a, b):
    global calls
    calls += 1
    return (a * b).sin() * a


x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
y = checkpoint(f, x, w, use_reentrant=False)
print(y, calls)
print(y.grad_fn.name(), [n[0].name() for n in y.grad_fn.next_functions])
print(type(y.grad_fn._raw_saved_self).__name__)
gx, gw = torch.autograd.grad(y.sum(), [x, w])
print(gx, gw, calls)
y = checkpoint(f, x, w, use_reentrant=False)
y.sum().backward()
print(x.grad, w.grad, calls)
ref = f(x, w)
print(torch.autograd.grad(ref.sum(), [x, w]), calls)
y = checkpoint(f, x, w, use_reentrant=False)
try:
    y.sum().backward()
    y.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
print(calls)

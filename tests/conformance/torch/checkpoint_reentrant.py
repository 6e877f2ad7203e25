# Reentrant checkpoint (the 1.13 default): same values and grads as without it; output grad_fn is CheckpointFunctionBackward.
import torch
from torch.utils.checkpoint import checkpoint

calls = 0


def f(a, b):
    global calls
    calls += 1
    return (a * b).sin() * a


x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
ref = f(x, w)
ref.sum().backward()
gx, gw = x.grad, w.grad
x.grad = None
w.grad = None
calls = 0
y = checkpoint(f, x, w)
print(y, calls)
print(y.grad_fn.name(), type(y.grad_fn).__name__, y.equal(ref))
y.sum().backward()
print(x.grad, w.grad, calls)
print(x.grad.equal(gx), w.grad.equal(gw))
y2 = checkpoint(f, x, w, use_reentrant=True)
print(y2.grad_fn.name(), [n[0].name() for n in y2.grad_fn.next_functions])

# Which saved values reach pack: surprising in 1.13, Python scalars wrapped as 0-dim tensors (x * 2, x / 4) are packed too.
import torch


def pack(t):
    print("  pack", tuple(t.shape), t.dtype, t.requires_grad, t.detach())
    return t


x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    print("x * 2")
    y1 = x * 2
    print("x * 2.5")
    y2 = x * 2.5
    print("3 * x")
    y3 = 3 * x
    print("x / 4")
    y4 = x / 4
    print("x ** 2")
    y5 = x ** 2
    print("x + x")
    y6 = x + x
    print("x * x")
    y7 = x * x
print(y1.grad_fn._saved_other, y1.grad_fn._saved_self)
print(y5.grad_fn._saved_exponent)
print((y1 + y2 + y3 + y4 + y5 + y6 + y7).sum())

# add/sub with alpha under create_graph: maybe_multiply(grad, alpha) is the Scalar overload
# (MulBackward1), and sub's is maybe_multiply(-grad, alpha); an integer tensor that got a
# grad_fn in place still cannot be told to require grad.
import torch
x = torch.tensor([1.0, -2.0], requires_grad=True)
y = torch.tensor([0.5, 3.0], requires_grad=True)
def walk(fn, d=0):
    if fn is None or d > 3:
        return
    print('  ' * d + fn.name())
    for n, _ in fn.next_functions:
        walk(n, d + 1)
for f in [lambda: torch.add(x, y, alpha=2), lambda: torch.sub(x, y, alpha=3), lambda: torch.sub(x, y), lambda: 2 - x, lambda: x.clone().add_(y, alpha=2)]:
    out = f()
    gx, gy = torch.autograd.grad((out ** 2).sum(), [x, y], create_graph=True, allow_unused=True)
    walk(gy.grad_fn if gy is not None else gx.grad_fn)
    print(gx, gy)
t1 = torch.arange(6).reshape([2, 3])
t2 = torch.tensor(1.088, requires_grad=True)
t1[:, :] = t2
print(t1.grad_fn.name(), t1.is_leaf, t1.requires_grad)
try:
    t1.requires_grad_(True)
except RuntimeError as e:
    print(e)
t1.requires_grad_(False)

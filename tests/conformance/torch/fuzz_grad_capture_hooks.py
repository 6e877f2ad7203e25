# Found by the differential fuzzer: torch.autograd.grad captures the gradient arriving at an
# input before that input's hooks run, and a node that need not run for the captured
# inputs does not run at all, hooks included (1.13's evaluate_function). .backward() runs
# every hook.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda g: print('x hook', g) or g * 10)
y = x * 3
y.register_hook(lambda g: print('y hook', g) or g * 100)
z = y * y
out = z.sum()
print(torch.autograd.grad(out, [y], retain_graph=True))
print(torch.autograd.grad(out, [x], retain_graph=True))
print(torch.autograd.grad(out, [x, y], retain_graph=True))
out.backward()
print(x.grad)

leaf = torch.ones(3, 1, 1, dtype=torch.float64, requires_grad=True)
other = torch.ones(2, requires_grad=True)
leaf.register_hook(lambda g: print('leaf hook', g.shape))
print(torch.autograd.grad(leaf.sum(), [other, leaf], allow_unused=True))

# Found by the differential fuzzer: a view whose base was modified in place (directly, through
# another view, even under no_grad) gets a new grad_fn, AsStridedBackward0, on first use —
# a node with its input metadata, so backward through it works (the engine raised an
# IndexError); its edge goes to the base's grad_fn, or to the base's grad accumulator when
# the base is a leaf.
import torch

x = torch.tensor([[0.75, 1.75], [-0.25, -1.5]], requires_grad=True)
base = x * 1
v = base.unsqueeze(1)
base.exp_()
print(type(v.grad_fn).__name__, [type(f).__name__ for f, _ in v.grad_fn.next_functions], v._version)
out = v.sum()
out.backward(retain_graph=True)
print(x.grad)

y = x * 1
w = y.unsqueeze(1)
w.clamp_(-1, 1)
y.exp_()
s = w.sum()
s.backward()
print(x.grad)
try:
    s.backward()
except RuntimeError as e:
    print(e)

leaf = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
part = leaf[:2]
print(type(part.grad_fn).__name__)
with torch.no_grad():
    leaf.mul_(2)
print(type(part.grad_fn).__name__, type(part.grad_fn.next_functions[0][0]).__name__, part._version)
part.sum().backward()
print(leaf.grad)

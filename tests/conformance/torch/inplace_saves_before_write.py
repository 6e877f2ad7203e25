# An in-place op saves its inputs before its kernel writes, as 1.13's VariableType does:
# an inference tensor as the saved `other` is refused with self untouched (no write, no
# version bump), and x.mul_(x) saves x at the version the write then bumps, so backward
# reports it as modified.
import torch
torch.manual_seed(0)

a = torch.rand(3, requires_grad=True)
with torch.inference_mode():
    i3 = torch.ones(3) * 2
for op in ['mul_', 'div_', 'add_', 'sub_', 'pow_', 'copy_']:
    y = a.clone()
    before = y.tolist()
    try:
        getattr(y, op)(i3)
        print(op, 'ok', y._version, type(y.grad_fn).__name__)
    except RuntimeError as e:
        print(op, e, y._version, y.tolist() == before)
for op in ['mul_', 'div_', 'pow_', 'add_']:
    y = a.clone()
    getattr(y, op)(y)
    try:
        y.sum().backward()
        print(op, a.grad.tolist())
    except RuntimeError as e:
        print(op, e)
    a.grad = None

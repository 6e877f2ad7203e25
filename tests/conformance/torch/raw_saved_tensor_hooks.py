# grad_fn._raw_saved_*: a torch._C._autograd.SavedTensor whose register_hooks(pack, unpack) replaces what backward reads.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
raw = y.grad_fn._raw_saved_self
print(type(raw).__name__, type(raw).__module__, type(raw).__qualname__)
print(type(y.grad_fn._raw_saved_other).__name__)
print(type(x.exp().grad_fn._raw_saved_result).__name__)
raw.register_hooks(lambda t: t * 10, lambda t: t)
print(y.grad_fn._saved_self, y.grad_fn._saved_other)
# _saved_self is hooked (10 * x) but _saved_other is not: d(x*x)/dx reads 10x + x.
y.sum().backward()
print(x.grad)

x.grad = None
z = x.exp()
log = []
z.grad_fn._raw_saved_result.register_hooks(lambda t: (log.append("pack"), t)[1], lambda t: (log.append("unpack"), t)[1])
print(log)
z.sum().backward()
print(log, x.grad)

# SavedTensor.register_hooks errors: hooks already set, graph already freed; and reading _saved_self after backward.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sin()
raw = y.grad_fn._raw_saved_self
raw.register_hooks(lambda t: t, lambda t: t)
try:
    raw.register_hooks(lambda t: t, lambda t: t)
except RuntimeError as e:
    print(type(e).__name__, e)
y.sum().backward()
print(x.grad)
try:
    y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    print(y.grad_fn._saved_self)
except RuntimeError as e:
    print(type(e).__name__, e)
print(type(y.grad_fn._raw_saved_self).__name__)

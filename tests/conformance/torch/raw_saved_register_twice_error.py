# Uncaught: registering hooks twice on the same saved tensor.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()
y.grad_fn._raw_saved_result.register_hooks(lambda t: t, lambda t: t)
print(y.grad_fn._saved_result)
y.grad_fn._raw_saved_result.register_hooks(lambda t: t, lambda t: t)

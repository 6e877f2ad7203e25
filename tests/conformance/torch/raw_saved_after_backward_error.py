# Uncaught: registering hooks on a saved tensor after backward freed the graph.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.sum().backward()
print(x.grad)
y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)

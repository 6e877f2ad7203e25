# Reading a saved tensor after the graph was freed raises the same error.
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x.exp()
y.backward()
print(x.grad)
print(y.grad_fn._saved_result)

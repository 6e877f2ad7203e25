# Without retain_graph, the saved tensors are freed after the first backward.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward()
print(x.grad)
y.backward()

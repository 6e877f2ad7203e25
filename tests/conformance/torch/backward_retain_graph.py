# retain_graph=True keeps saved tensors so the graph can be traversed again.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
z = x.exp().sum()
z.backward(retain_graph=True)
print(z.grad_fn.next_functions[0][0]._saved_result)

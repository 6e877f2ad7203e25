# squeeze, unsqueeze, expand, flatten and their gradients.
import torch

x = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
print(x.squeeze().shape, x.squeeze(1).shape, x.squeeze(0).shape)
print(x.unsqueeze(0).shape, x.unsqueeze(-1).shape)
e = x.expand(3, 4)
print(e, e.stride())
print(e.grad_fn)
e.sum().backward()
print(x.grad)
y = torch.ones(2, 3, 4)
print(y.flatten().shape, y.flatten(1).shape, y.flatten(0, 1).shape, torch.flatten(y).shape)
print(torch.ones(1, 3).expand(2, -1))
print(torch.tensor([1.0, 2.0]).expand_as(torch.zeros(3, 2)))
print(torch.unsqueeze(torch.ones(2), 1).shape, torch.squeeze(torch.ones(1, 2, 1)).shape)
z = torch.ones(2, 1, requires_grad=True)
s = z.squeeze()
print(s.grad_fn, z.unsqueeze(0).grad_fn, z.flatten().grad_fn)

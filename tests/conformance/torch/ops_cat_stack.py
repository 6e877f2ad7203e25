# cat and stack: shapes and gradients split back to each input.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
c = torch.cat([a, b])
print(c, c.grad_fn)
s = torch.stack([a, a * 2])
print(s, s.grad_fn, s.shape)
print(torch.stack([a, a], dim=1))
print(torch.cat((torch.zeros(2, 2), torch.ones(1, 2)), 0).shape, torch.cat([torch.zeros(2, 2), torch.ones(2, 1)], dim=1).shape)
(c * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(a.grad, b.grad)
print(torch.concat([b, b]))

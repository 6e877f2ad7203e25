# Broadcasting in forward, and gradients summed back to each input's shape.
import torch

x = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
y = torch.tensor([10.0, 20.0], requires_grad=True)
s = torch.tensor(2.0, requires_grad=True)
z = x * y + s
print(z, z.shape)
z.sum().backward()
print(x.grad, y.grad, s.grad)
print((torch.ones(2, 1, 3) + torch.ones(4, 1)).shape)
print((torch.ones(3) * torch.ones(2, 3)).shape)
print(torch.ones(1) + torch.ones(5))

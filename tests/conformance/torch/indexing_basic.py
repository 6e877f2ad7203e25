# Basic indexing: integers, negative indices, slices with steps, None and Ellipsis.
import torch

t = torch.arange(24).reshape(2, 3, 4)
print(t[0])
print(t[-1, -1])
print(t[1, 2, 3], t[1, 2, 3].item())
print(t[:, 1])
print(t[..., 0])
print(t[0, :, ::2])
print(t[:, 1:, 1:3])
print(t[None].shape, t[:, None].shape, t[..., None].shape)
print(t[0, ..., 1])
print(t[1][0][2])
print(t[:1].shape, t[5:].shape, t[:, -2:].shape)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x[1]
print(y, y.grad_fn)
z = x[::2]
print(z, z.grad_fn)
(y * 3 + z.sum()).backward()
print(x.grad)

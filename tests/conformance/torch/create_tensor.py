# torch.tensor: dtype inference from Python data, nesting, dtype= and requires_grad=.
import torch

print(torch.tensor(3))
print(torch.tensor(3.5))
print(torch.tensor(True))
print(torch.tensor([1, 2, 3]))
print(torch.tensor([1, 2.5, 3]))
print(torch.tensor([True, False]))
print(torch.tensor([[1, 2], [3, 4]]))
print(torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64))
print(torch.tensor([1, 2], dtype=torch.float32))
print(torch.tensor([0.5, 1.5], requires_grad=True))
print(torch.tensor([]))
print(torch.tensor([[[1], [2]], [[3], [4]]]).shape)
t = torch.tensor([1.0, 2.0])
print(t.dtype, t.device, t.requires_grad, t.is_leaf, t.grad, t.grad_fn)
print(torch.tensor([1, 2]).dtype, torch.tensor([True]).dtype, torch.tensor(2.0, dtype=torch.float64).dtype)
print(torch.is_tensor(t), torch.is_tensor([1.0]), torch.numel(t))

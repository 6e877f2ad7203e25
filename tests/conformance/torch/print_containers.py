# Lists, tuples and dicts of tensors use repr() of each element.
import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([[1, 2], [3, 4]])
print([a, b])
print((a, b))
print({"a": a, "b": b})
print([torch.tensor(1.0), torch.tensor(2)])
print([a.shape, b.shape])
print([a.dtype, b.dtype])
print([torch.tensor([1.0], requires_grad=True) * 3])
print(a.tolist(), b.tolist(), torch.tensor(3.5).tolist())
print(torch.tensor([True, False]).tolist())

# Tensor.type(): the legacy type name, and conversion by dtype or by type name.
import torch
t = torch.tensor([1.0, 2.0], requires_grad=True)
print(t.type(), t.type(torch.float64), t.type(torch.float) is t, t.type('torch.LongTensor'), (t > 1).type(torch.float).sum().item())
print(torch.tensor([True]).type(), torch.tensor([1]).type(), t.double().type())
try:
    t.type('torch.Foo')
except ValueError as e:
    print(e)

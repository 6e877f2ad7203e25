# Dicts and tuples of tensors: unpacking, items(), membership by identity.
import torch

params = {"w": torch.tensor(2.0, requires_grad=True), "b": torch.tensor(-1.0, requires_grad=True)}
x = torch.tensor(3.0)
y = params["w"] * x + params["b"]
y.backward()
for name, p in params.items():
    print(name, p.item(), p.grad)
print(params)
a, b = torch.tensor([1.0, 2.0]), torch.tensor([3.0])
print(a, b)
first, *rest = [torch.tensor(i) for i in range(3)]
print(first, rest)
pair = (a, b)
print(pair, len(pair))
print(any(t is a for t in pair))

# nn.Sequential: indexing, slicing, len, iteration and print.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1), nn.Sigmoid())
print(model)
print(len(model))
print(model[0])
print(model[-1])
print(model[1:3])
for layer in model:
    print(type(layer).__name__)
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 0.5], [-1.0, 2.0]]))
    model[0].bias.zero_()
    model[2].weight.fill_(1.0)
    model[2].bias.fill_(-1.0)
x = torch.tensor([[1.0, 2.0]])
out = model(x)
print(out)
out.backward()
print(model[0].weight.grad)
print(model[2].bias.grad)

# An nn.Module subclass: __init__ with super().__init__(), forward, __call__, print(model).
import torch
import torch.nn as nn


class TwoLayer(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.hidden = nn.Linear(n_in, n_hidden)
        self.act = nn.Tanh()
        self.out = nn.Linear(n_hidden, n_out, bias=False)
        self.scale = 2.0

    def forward(self, x):
        return self.out(self.act(self.hidden(x))) * self.scale


model = TwoLayer(3, 4, 2)
print(model)
with torch.no_grad():
    model.hidden.weight.fill_(0.1)
    model.hidden.bias.zero_()
    model.out.weight.copy_(torch.tensor([[1.0, -1.0, 0.5, 0.0], [0.0, 1.0, 1.0, 1.0]]))
x = torch.tensor([[1.0, 2.0, 3.0]])
y = model(x)
print(y)
print(y.grad_fn)
y.sum().backward()
print(model.hidden.weight.grad)
print(model.out.weight.grad)
print(model.training, model.scale, isinstance(model, nn.Module))
print([name for name, _ in model.named_children()])

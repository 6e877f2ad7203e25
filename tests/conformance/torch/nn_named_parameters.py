# named_parameters, parameters, zero_grad and requires_grad_ on a module.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
        self.head = nn.Linear(2, 1)
        self.temperature = nn.Parameter(torch.tensor(1.5))

    def forward(self, x):
        return self.head(self.encoder(x)) / self.temperature


net = Net()
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
print(sum(p.numel() for p in net.parameters()))
print(len(list(net.parameters())), len(list(net.modules())))
for p in net.parameters():
    with torch.no_grad():
        p.fill_(0.5)
out = net(torch.tensor([[1.0, 2.0]]))
print(out)
out.sum().backward()
print(net.temperature.grad)
net.zero_grad()
print(net.temperature.grad, net.head.bias.grad)
net.zero_grad(set_to_none=True)
print(net.temperature.grad)
net.requires_grad_(False)
print([p.requires_grad for p in net.parameters()])
print(net.temperature)

# optim.SGD with and without momentum: hand-checkable parameter updates.
import torch
import torch.nn as nn

w = torch.tensor([1.0, -1.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = (w ** 2).sum()
    loss.backward()
    opt.step()
    print(step, loss.item(), w)
v = torch.tensor([1.0, 2.0], requires_grad=True)
opt = torch.optim.SGD([v], lr=0.1, momentum=0.9)
for step in range(3):
    opt.zero_grad()
    (v * torch.tensor([1.0, 0.5])).sum().backward()
    opt.step()
    print(step, v)
lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.fill_(0.5)
    lin.bias.zero_()
opt = torch.optim.SGD(lin.parameters(), lr=0.5, weight_decay=0.1)
out = lin(torch.tensor([[1.0, 2.0]]))
nn.MSELoss()(out, torch.tensor([[0.0]])).backward()
opt.step()
print(lin.weight, lin.bias)
print(len(opt.param_groups), opt.param_groups[0]["lr"])

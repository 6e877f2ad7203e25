# A deterministic training loop: fit y = 2x + 1 with one Linear layer.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(1, 1)
with torch.no_grad():
    model.weight.fill_(0.0)
    model.bias.fill_(0.0)
x = torch.tensor([[0.0], [1.0], [2.0], [3.0]])
y = 2 * x + 1
loss_fn = nn.MSELoss()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(20):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    if epoch % 5 == 0:
        print(f"epoch {epoch:2d} loss {loss.item():.4f}")
print(model.weight.item() > 1.5, round(model.bias.item(), 3))
print(model.weight, model.bias)
with torch.no_grad():
    print(model(torch.tensor([[10.0]])))

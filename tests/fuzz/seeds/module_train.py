import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)
        self.parent = self

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))

net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
x = torch.randn(5, 4)
target = torch.randn(5, 2)
for step in range(3):
    opt.zero_grad()
    loss = nn.MSELoss()(net(x), target)
    loss.backward()
    opt.step()
    print(step, loss.item())
print(net)

# An nn.Module subclass whose forward is misspelled.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)

    def foward(self, x):
        return self.fc(x)


net = Net()
net(torch.ones(1, 2))

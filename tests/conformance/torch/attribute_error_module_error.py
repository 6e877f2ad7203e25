# Accessing a layer that was never assigned.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)

    def forward(self, x):
        return self.fc2(x)


Net()(torch.ones(1, 2))

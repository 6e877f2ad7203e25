# Accessing a layer that was never assigned (a name with no close match: CPython 3.11 would
# otherwise add "Did you mean", which the interpreter only offers for NameError so far).
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)

    def forward(self, x):
        return self.classifier(x)


Net()(torch.ones(1, 2))

# Assigning to a parametrized tensor needs every parametrization's right_inverse.
import torch
from torch import nn
from torch.nn.utils import parametrize


class Exp(nn.Module):
    def forward(self, X):
        return X.exp()


m = nn.Linear(2, 2)
parametrize.register_parametrization(m, "bias", Exp())
print(m)
m.bias = torch.ones(2)

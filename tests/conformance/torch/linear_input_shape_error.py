# Feeding a Linear layer the wrong number of features.
import torch
import torch.nn as nn

layer = nn.Linear(3, 2)
x = torch.ones(4, 5)
layer(x)

# Dropout: identity in eval mode; in training mode only shapes and the scale are checked.
import torch
import torch.nn as nn

torch.manual_seed(0)
drop = nn.Dropout(p=0.5)
print(drop, drop.training)
x = torch.ones(4, 5)
y = drop(x)
print(y.shape, bool(((y == 0) | (y == 2)).sum() == 20))
drop.eval()
print(drop.training, drop(x))
model = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.2))
model.eval()
print([m.training for m in model.modules()])
model.train()
print([m.training for m in model.modules()])
print(nn.Dropout(0.1))

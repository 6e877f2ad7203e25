# Legacy size_average / reduce arguments of the losses and F.mse_loss, with their deprecation warnings.
import torch
from torch import nn
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0], [3.0, -1.0]], requires_grad=True)
y = torch.tensor([[0.5, 2.5], [1.0, 0.0]])
for kwargs in ({}, {'size_average': False}, {'size_average': True}, {'reduce': False},
               {'size_average': False, 'reduce': True}, {'size_average': True, 'reduce': False}):
    loss_fn = nn.MSELoss(**kwargs)
    print(kwargs, loss_fn, loss_fn.reduction)
    print(loss_fn(x, y))
loss = nn.MSELoss(size_average=False)(x, y)
loss.backward()
print(x.grad)
print(F.mse_loss(x, y, size_average=False), F.mse_loss(x, y, reduce=False))
print(nn.MSELoss(reduction='elementwise_mean')(x, y))
logits = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
target = torch.tensor([1, 2])
print(nn.CrossEntropyLoss(size_average=False)(logits, target))
print(nn.CrossEntropyLoss(reduce=False)(logits, target))
print(F.cross_entropy(logits, target, size_average=False))
print(nn.NLLLoss(size_average=False)(logits.log_softmax(1), target))
print(F.nll_loss(logits.log_softmax(1), target, reduce=False))
ce = nn.CrossEntropyLoss(ignore_index=0)
print(ce, ce.ignore_index, ce.label_smoothing, ce.weight, ce(logits, target))
try:
    nn.MSELoss(reduction='avg')(x, y)
except ValueError as e:
    print(e)

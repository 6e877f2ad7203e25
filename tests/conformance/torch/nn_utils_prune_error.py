# Pruning again more entries than are left unpruned is an error (uncaught: the traceback).
import torch
from torch import nn
import torch.nn.utils.prune as prune

m = nn.Linear(2, 2)
prune.l1_unstructured(m, 'bias', amount=1)
print(m.bias_mask.tolist())
prune.random_unstructured(m, 'bias', amount=3)

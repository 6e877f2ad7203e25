# nn.EmbeddingBag given offsets that do not start at 0: 1.13's RuntimeError.
import torch
import torch.nn as nn

torch.manual_seed(0)
bag = nn.EmbeddingBag(5, 2, mode='sum')
print(bag(torch.tensor([0, 1, 4]), torch.tensor([0, 2])).grad_fn.name())
bag(torch.tensor([0, 1, 4]), torch.tensor([1, 2]))

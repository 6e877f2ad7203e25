# index_put_ with values of another dtype than self's fails as 1.13's does (not a masked
# fill: the index is an int64 tensor).
import torch

x = torch.zeros(4)
x.index_put_((torch.tensor([1, 3]),), torch.tensor([1, 2]))

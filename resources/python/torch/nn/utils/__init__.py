"""torch.nn.utils: helpers around modules (here: the stateless functional call)."""

from torch.nn.utils import stateless

"""Dropout."""

from torch.nn import functional as F
from torch.nn.modules.module import Module


class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError('dropout probability has to be between 0 and 1, but got ' + str(p))
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training)

    def extra_repr(self):
        return 'p=' + str(self.p) + ', inplace=' + str(self.inplace)

"""ChannelShuffle: F.channel_shuffle as a layer."""

from torch.nn import functional as F
from torch.nn.modules.module import Module


class ChannelShuffle(Module):
    """(*, C, H, W) with C = g * k: the channels read as (g, k) and written as (k, g)."""
    __constants__ = ['groups']

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return F.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return 'groups={}'.format(self.groups)

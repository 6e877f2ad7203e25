"""Flatten."""

from torch.nn.modules.module import Module


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return 'start_dim=' + str(self.start_dim) + ', end_dim=' + str(self.end_dim)

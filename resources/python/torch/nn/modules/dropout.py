"""Dropout, the channel-wise Dropout1d, Dropout2d and Dropout3d, and the alpha dropouts for SELU
networks (AlphaDropout, FeatureAlphaDropout)."""

from torch.nn import _feature_dropout
from torch.nn import functional as F
from torch.nn.modules.module import Module


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError('dropout probability has to be between 0 and 1, but got ' + str(p))
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return 'p=' + str(self.p) + ', inplace=' + str(self.inplace)


class Dropout(_DropoutNd):
    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)


class Dropout1d(_DropoutNd):
    """Zeroes whole channels of (N, C, L) or (C, L) inputs."""

    def forward(self, input):
        return _feature_dropout.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    """Zeroes whole channels of (N, C, H, W) inputs."""

    def forward(self, input):
        return _feature_dropout.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    """Zeroes whole channels of (N, C, D, H, W) or (C, D, H, W) inputs."""

    def forward(self, input):
        return _feature_dropout.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    """Dropout that keeps the zero mean and unit variance of SELU activations."""

    def forward(self, input):
        return F.alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    """AlphaDropout of whole channels."""

    def forward(self, input):
        return F.feature_alpha_dropout(input, self.p, self.training)

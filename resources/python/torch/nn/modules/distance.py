"""CosineSimilarity and PairwiseDistance (torch/nn/modules/distance.py)."""
from torch.nn import functional as F
from torch.nn.modules.module import Module


class PairwiseDistance(Module):
    def __init__(self, p=2., eps=1e-6, keepdim=False):
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    def __init__(self, dim=1, eps=1e-8):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, self.dim, self.eps)

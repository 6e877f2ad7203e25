"""torch.utils."""

from torch.utils import data  # noqa: F401  imported with torch, as in PyTorch

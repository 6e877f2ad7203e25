"""torch.nn.parallel: DataParallel over the devices this run has (none, or the one GPU)."""

from torch.nn.parallel.data_parallel import DataParallel, data_parallel
from torch.nn.parallel.scatter_gather import gather, scatter

__all__ = ["DataParallel", "data_parallel", "gather", "scatter"]

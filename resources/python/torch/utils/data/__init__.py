"""torch.utils.data: datasets, samplers and the DataLoader."""

from torch.utils.data.sampler import (BatchSampler, RandomSampler, Sampler, SequentialSampler,  # noqa: F401
                                      SubsetRandomSampler, WeightedRandomSampler)
from torch.utils.data.dataset import ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset, random_split
from torch.utils.data.dataloader import DataLoader, default_collate, default_convert

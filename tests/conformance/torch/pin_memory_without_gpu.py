# Pinned memory on a machine without a GPU, as CPU-only PyTorch 1.13 answers: nothing is
# pinned, Tensor.pin_memory() finds no kernel (for CUDA by default, for CPU when asked),
# the factories refuse pin_memory=True, and a DataLoader with pin_memory=True leaves its
# batches as they are.
import torch
from torch.utils.data import DataLoader, TensorDataset

x = torch.arange(6.0).reshape(2, 3)
print(x.is_pinned(), x.is_pinned('cpu'), x.is_pinned('cuda'), x[:, 1].is_pinned())

for call in (lambda: x.pin_memory(), lambda: x.pin_memory('cpu'), lambda: x.pin_memory(device='cuda')):
    try:
        call()
    except NotImplementedError as e:
        print(type(e).__name__)
        print(str(e))

for factory in (lambda: torch.empty(3, pin_memory=True), lambda: torch.zeros(2, 2, pin_memory=True),
                lambda: torch.tensor([1.0, 2.0], pin_memory=True)):
    try:
        factory()
    except RuntimeError as e:
        print(type(e).__name__, str(e)[:60])

data = TensorDataset(torch.arange(8.0).reshape(4, 2), torch.arange(4))
for features, labels in DataLoader(data, batch_size=2, pin_memory=True):
    print(features.is_pinned(), labels.is_pinned(), features.tolist(), labels.tolist())
batch = next(iter(DataLoader(data, batch_size=2, pin_memory=True)))
print(type(batch).__name__, len(batch))

import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    batch = next(iter(DataLoader(data, batch_size=2, pin_memory_device='cuda')))
    print([str(w.message) for w in caught])

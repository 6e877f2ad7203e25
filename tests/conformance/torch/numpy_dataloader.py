# DataLoader batches of NumPy arrays and scalars: default_collate and default_convert turn
# them into tensors as 1.13 does (arrays of strings are refused or kept).
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


class Arrays(Dataset):
    def __init__(self):
        self.x = np.arange(12, dtype=np.float32).reshape(6, 2)
        self.y = np.array([0, 1, 0, 1, 1, 0])

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i], np.float64(i) / 2, {"w": np.float32(i)}


for xb, yb, hb, d in DataLoader(Arrays(), batch_size=4):
    print(xb, xb.dtype, yb, yb.dtype, hb, hb.dtype, d)
for sample in DataLoader(Arrays(), batch_size=None):
    print(sample)
    break
try:
    list(DataLoader([np.array(["a"]), np.array(["b"])], batch_size=2))
except TypeError as e:
    print("TypeError:", e)
print(list(DataLoader([np.array(["a"])], batch_size=None)))
ds = TensorDataset(torch.from_numpy(np.linspace(0, 1, 4)), torch.from_numpy(np.arange(4)))
print(next(iter(DataLoader(ds, batch_size=3))))

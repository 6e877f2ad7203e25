# torch.utils.data: TensorDataset, DataLoader (batching, shuffle from the global seed, drop_last, collate), random_split, randperm, errors.
import torch
from torch.utils.data import DataLoader, TensorDataset, Dataset, random_split, Subset
import torch.utils.data as tud
x = torch.arange(20.).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(x, y)
print(len(ds), ds[3])
torch.manual_seed(5)
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb, yb)
print(torch.rand(2))
torch.manual_seed(0)
dl = DataLoader(ds, batch_size=3, shuffle=True)
print(len(dl))
for epoch in range(2):
    print([yb.tolist() for _, yb in dl])
print(torch.rand(2))
dl = DataLoader(ds, batch_size=3, shuffle=True, drop_last=True)
print(len(dl), [yb.tolist() for _, yb in dl])
torch.manual_seed(1)
a, b = random_split(ds, [7, 3])
print(type(a).__name__, len(a), len(b), a.indices, b.indices, b[0])
c, d, e = random_split(range(10), [0.5, 0.3, 0.2])
print(list(c), list(d), list(e))
print(torch.randperm(8))
class Squares(Dataset):
    def __len__(self): return 5
    def __getitem__(self, i): return {'x': float(i), 'y': i * i, 'name': 'n' + str(i), 'v': torch.tensor([i, -i])}
for batch in DataLoader(Squares(), batch_size=2):
    print(batch)
print(list(DataLoader([(1, 2.5), (3, 4.5)], batch_size=2)))
print(list(DataLoader([1, 2, 3], batch_size=None)))
try:
    TensorDataset(torch.ones(3), torch.ones(4))
except AssertionError as e:
    print(e)
for kw in ({'shuffle': True, 'sampler': [0]}, {'batch_sampler': [[0]], 'batch_size': 2}, {'batch_size': 0},
           {'num_workers': -1}, {'batch_size': None, 'drop_last': True}):
    try:
        DataLoader(ds, **kw)
    except ValueError as e:
        print(e)
try:
    random_split(ds, [3, 3])
except ValueError as e:
    print(e)
try:
    list(DataLoader([object(), object()], batch_size=2))
except TypeError as e:
    print(str(e)[:60])
dl = DataLoader(ds)
try:
    dl.batch_size = 3
except ValueError as e:
    print(e)
print(torch.rand(2))

# An integer in a Python index checks its bound itself (applySelect), naming the item's place
# in the key (Nones and an ellipsis count), not the dim select() gets.
import torch
x = torch.rand(2, 3, 4)
for k in [(0, 9), (1, 1, 9), (slice(None), 9), (None, 0, 7), (..., 9), (0, ..., 9), (torch.tensor(0), 5)]:
    try:
        x[k]
    except IndexError as e:
        print(k, e)
try:
    torch.tensor(1.)[0]
except IndexError as e:
    print(e)
try:
    x[5] = 1
except IndexError as e:
    print(e)
try:
    x[0, 7] = 1
except IndexError as e:
    print(e)

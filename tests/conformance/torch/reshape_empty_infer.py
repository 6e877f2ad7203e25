# view/reshape with a -1 beside a 0: 1.13's infer_size cannot choose the -1 when there are
# no elements, and says so; with elements, or with the other sizes known, it can.
import torch

cases = [
    lambda: torch.zeros(0, 3).reshape(-1, 0),
    lambda: torch.zeros(0, 3).view(-1, 0),
    lambda: torch.zeros(0, 3).reshape(0, -1, 0),
    lambda: torch.zeros(2, 3).reshape(-1, 0),
    lambda: torch.zeros(0, 3).reshape(-1, 3).shape,
    lambda: torch.zeros(0, 3).reshape(3, -1).shape,
    lambda: torch.zeros(6).view(-1, 4),
]
for f in cases:
    try:
        print(f())
    except RuntimeError as e:
        print(type(e).__name__, e)

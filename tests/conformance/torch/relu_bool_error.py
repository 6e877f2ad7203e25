# relu of a bool tensor: 1.13 refuses it before computing anything.
import torch
for f in (torch.relu, torch.relu_, torch.nn.functional.relu, lambda t: torch.nn.functional.relu(t, inplace=True), torch.nn.ReLU()):
    try:
        f(torch.tensor([True, False]))
    except RuntimeError as e:
        print(type(e).__name__, e)
torch.tensor([True, False]).relu()

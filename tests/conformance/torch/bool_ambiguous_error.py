# A tensor with several values in an if statement.
import torch

x = torch.tensor([1.0, -1.0])
if x > 0:
    print("positive")

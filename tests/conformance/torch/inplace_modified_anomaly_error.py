# The same version error with anomaly mode on: the hint changes and the forward trace is shown.
import torch

with torch.autograd.detect_anomaly():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    z = y * y          # MulBackward0 saves y twice
    y.add_(1)
    z.sum().backward()

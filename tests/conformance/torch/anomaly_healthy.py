# Anomaly mode with a healthy backward: only the warning about its cost.
import torch

with torch.autograd.detect_anomaly():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
print(x.grad, torch.is_anomaly_enabled())
with torch.autograd.set_detect_anomaly(True):
    print(torch.is_anomaly_enabled())
print(torch.is_anomaly_enabled())

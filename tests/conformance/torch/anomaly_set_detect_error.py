# set_detect_anomaly(True) turns anomaly mode on for the rest of the script.
import torch

torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled())
a = torch.tensor([1.0, 4.0], requires_grad=True)
b = a.sqrt()
b.add_(1)
b.sum().backward()

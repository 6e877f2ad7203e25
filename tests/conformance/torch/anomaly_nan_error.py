# detect_anomaly checks every backward output for NaN: log(0) * 0 gives 0 * inf.
import torch

with torch.autograd.detect_anomaly():
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = torch.log(x)
    z = (y * 0).sum()
    print(z)
    z.backward()

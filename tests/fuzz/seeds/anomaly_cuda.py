import torch

with torch.autograd.detect_anomaly():
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = x.sqrt() * 0
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(type(e).__name__)
if torch.cuda.is_available():
    g = torch.ones(4, device="cuda", requires_grad=True)
    print((g * 2).cpu(), torch.cuda.memory_allocated())
try:
    torch.ones(10**12)
except RuntimeError as e:
    print("oom")

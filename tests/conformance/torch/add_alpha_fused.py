# add/sub with alpha: PyTorch computes a + alpha * b as one fused multiply-add, alpha
# rounded to float32 first (sub adds -alpha * b); the last bit shows it (SGD updates).
import torch

a = torch.tensor([0.1, 0.7, 1.3, -2.9, 3.3, 1e-4, 12345.678])
b = torch.tensor([0.3, 0.11, 2.7, 0.123, 1e-3, 7.77, -0.0301])
for alpha in [0.1, -0.01, 3.7, 1e-3, 0.3333]:
    print(alpha)
    print(torch.add(a, b, alpha=alpha).tolist())
    print(torch.sub(a, b, alpha=alpha).tolist())
    print(a.clone().add_(b, alpha=alpha).tolist())
    print(a.clone().sub_(b, alpha=alpha).tolist())
print((a - b).tolist(), (a + b).tolist())

# pow with the exponents PyTorch special-cases (x*x, x*x*x, sqrt, 1/x, 1/(x*x), rsqrt), its
# backward's rounding order, and dot / 1-D matmul through BLAS sdot: to the last bit.
import math, torch
x = torch.linspace(-math.pi, math.pi, 2000)
for e in [2, 3, 0.5, -0.5, -1, -2]:
    y = x.abs().pow(e) if e not in (2, 3) else x.pow(e)
    print(e, math.fsum(y.tolist()))
a = torch.tensor(0.4963); print((a * x).sum().item(), (x * 2.5).sum().item(), torch.matmul(x, x.pow(2)).item(), torch.dot(x, x).item())
w = x.clone().requires_grad_(); (w.pow(3).sum() + w.pow(2).sum()).backward(); print(math.fsum(w.grad.tolist()))

# linspace, sin, cos, exp and log to the last bit: PyTorch 1.13's AVX2 linspace kernel (fused
# multiply-adds, vector lanes) and its SLEEF-backed VML kernels, contiguous and strided.
import math, torch
for dtype in (torch.float32, torch.float64):
    for n in [1, 5, 15, 16, 17, 100, 2000, 2001]:
        x = torch.linspace(-math.pi, math.pi, n, dtype=dtype)
        print(dtype, n, x.tolist()[:3], x.tolist()[-2:], math.fsum(x.tolist()))
        print("  sin", math.fsum(torch.sin(x).tolist()), torch.sin(x).tolist()[:2])
        print("  cos", math.fsum(torch.cos(x).tolist()))
        print("  exp", math.fsum(torch.exp(x).tolist()))
        print("  log", math.fsum(torch.log(x.abs() + 0.5).tolist()))
    x = torch.linspace(-3, 7, 1000, dtype=dtype)[::3]
    print("strided", math.fsum(torch.sin(x).tolist()))
print(torch.linspace(0, 10, 11, dtype=torch.long), torch.linspace(0, 1, 5))

# Found by the differential fuzzer: maximum / minimum of float64 tensors compare in double;
# values that differ only beyond float precision (tanh near +-1 and its square root) must
# still pick the right one.
import torch

t = torch.tensor([[22.60181, -10.48837, 9.0, -0.5]], dtype=torch.float64).tanh()
a = t.abs()
b = a.sqrt()
for name, f in (('minimum', torch.minimum), ('maximum', torch.maximum)):
    print(name, f(b, a).tolist(), f(a, b).tolist())
x = torch.tensor([1.0, 1.0 + 2 ** -40, -3.0], dtype=torch.float64)
y = torch.tensor([1.0 + 2 ** -41, 1.0, float('nan')], dtype=torch.float64)
print(torch.maximum(x, y).tolist(), torch.minimum(x, y).tolist())
h = torch.tensor([1.0, 2.0], dtype=torch.float16)
print(torch.maximum(h, torch.tensor([1.5, 1.0], dtype=torch.float16)).tolist())

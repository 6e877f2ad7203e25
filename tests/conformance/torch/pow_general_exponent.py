# pow with a general exponent: SLEEF pow over whole pairs of vectors, std::pow in double for
# the rest and for strided inputs, as PyTorch 1.13's pow_tensor_scalar kernel.
import math, torch
x = torch.linspace(0.1, 3, 2000)
for e in [2.5, 1.7, 4, 5, -3, 0.25]:
    for n in [5, 16, 17, 2000]:
        print(e, n, math.fsum(x[:n].pow(e).tolist()))
print(math.fsum(x.double().pow(2.5).tolist()), math.fsum(x[::3].pow(2.5).tolist()))

# Sums over leading and trailing dims around kept ones (a conv bias gradient): PyTorch order.
import math, torch
def fixed(*shape, mult=37, mod=101):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 + i * 1e-4 for i in range(n)]).reshape(shape)
for shape in [(4, 6, 5, 5), (2, 3, 40), (3, 5, 7, 11), (1, 6, 24, 24), (16, 8, 3)]:
    t = fixed(*shape)
    dims = (0, 2, 3) if len(shape) == 4 else (0, 2)
    print(shape, t.sum(dims).tolist(), t.mean(dims).tolist()[:2])

# var and std: all elements (two passes, double) and over dims (Welford in double), unbiased /
# correction / keepdim, VarBackward0 / StdBackward0 with their saved attributes and gradients.
import math, torch
def fixed(*shape, mult=37, mod=101, dtype=torch.float32):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 + i * 1e-3 for i in range(n)], dtype=dtype).reshape(shape)
x = torch.tensor([[1., 2., 4.], [3., 5., 9.]], requires_grad=True)
for f in [lambda: x.var(), lambda: x.var(1), lambda: x.var(dim=0, unbiased=False, keepdim=True), lambda: x.std(),
          lambda: x.std(1), lambda: torch.var(x, 1, correction=0), lambda: x.var(False), lambda: torch.std(x, (0, 1))]:
    y = f(); print(y, y.grad_fn.name(), y.grad_fn._saved_correction, y.grad_fn._saved_dim, y.grad_fn._saved_keepdim)
    x.grad = None; y.sum().backward(); print("  ", x.grad)
for dtype in (torch.float32, torch.float64):
    t = fixed(4, 3, 50, dtype=dtype)
    print(repr(t.var().item()), repr(t.std().item()), t.var(2).flatten().tolist()[:4], t.var((0, 2)).tolist(), t.std(0).flatten().tolist()[:3])

# Batch norm: values and gradients in training and evaluation mode, running
# statistics (momentum and cumulative), node name and saved values, reprs, errors.
# Values are printed with repr, and each tensor's sum and sum of squares through fsum:
# one differing bit fails the script.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


def fixed(*shape, mult=37, mod=101, dtype=torch.float32):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)], dtype=dtype).reshape(shape)


def digest(t):
    values = t.detach().flatten().tolist()
    return " ".join(repr(v) for v in values[:3] + values[-1:]) + f" | {math.fsum(values)!r} {math.fsum(v * v for v in values)!r}"


for dtype in (torch.float32, torch.float64):
    for shape in [(4, 3, 5, 5), (8, 6), (2, 4, 7), (16, 3, 9, 9)]:
        bn = nn.BatchNorm2d(shape[1]) if len(shape) == 4 else nn.BatchNorm1d(shape[1])
        bn = bn.to(dtype)
        with torch.no_grad():
            bn.weight.copy_(fixed(shape[1], mult=7, mod=11, dtype=dtype) + 1)
            bn.bias.copy_(fixed(shape[1], mult=5, mod=13, dtype=dtype))
        x = fixed(*shape, dtype=dtype).requires_grad_()
        y = bn(x)
        y.backward(fixed(*shape, mult=29, mod=89, dtype=dtype))
        print(dtype, shape, y.grad_fn.name())
        print("  y ", digest(y))
        print("  dx", digest(x.grad))
        print("  dw", digest(bn.weight.grad), "db", digest(bn.bias.grad))
        print("  running", digest(bn.running_mean), digest(bn.running_var), bn.num_batches_tracked)
        bn.eval()
        x.grad = None
        y = bn(x)
        y.backward(fixed(*shape, mult=29, mod=89, dtype=dtype))
        print("  eval y ", digest(y))
        print("  eval dx", digest(x.grad))

bn = nn.BatchNorm2d(3)
print(bn, nn.BatchNorm1d(4, momentum=None, affine=False), nn.BatchNorm2d(2, eps=1e-3, track_running_stats=False))
print(list(bn.state_dict().keys()), [n for n, _ in bn.named_parameters()])
x = torch.arange(24.).reshape(2, 3, 2, 2).requires_grad_()
y = bn(x)
f = y.grad_fn
print(f.name(), f._saved_eps, f._saved_training, f._saved_result1.shape, f._saved_input is x, f._saved_weight is bn.weight)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
cumulative = nn.BatchNorm1d(2, momentum=None)
for k in range(3):
    cumulative(torch.tensor([[1.0 * k, 2.0], [3.0, 5.0 * k]]))
print(cumulative.running_mean, cumulative.running_var, cumulative.num_batches_tracked)
print(F.batch_norm(torch.ones(4, 2), None, None, training=True))


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


attempt("one value", lambda: nn.BatchNorm1d(3)(torch.ones(1, 3)))
attempt("2d on 3d", lambda: nn.BatchNorm2d(3)(torch.ones(1, 3, 4)))
attempt("1d on 4d", lambda: nn.BatchNorm1d(3)(torch.ones(2, 3, 4, 4)))

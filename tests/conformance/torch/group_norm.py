# F.group_norm / torch.group_norm / nn.GroupNorm: outputs and the gradients of input, weight
# and bias bit for bit (float32, float64; with and without weight and bias; blocks and
# channel counts on both sides of a vector's width), NativeGroupNormBackward0 with its
# saved values, a non-contiguous input (CloneBackward0), the module's repr and
# parameters, errors.
import math, struct, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def tensor(shape, seed, dtype, scale=1.0, offset=0.0):
    return (torch.tensor(values(math.prod(shape), seed, scale), dtype=dtype) + offset).reshape(shape)

shapes = [(2, 6, 5, 7, 3), (1, 16, 4, 4, 1), (3, 4, 33, 3, 4), (2, 20, 3, 1, 2), (1, 36, 10, 10, 2), (2, 48, 3, 3, 3),
          (4, 8, 2, 1, 8), (2, 64, 9, 1, 4), (1, 3, 1, 1, 1), (2, 12, 17, 1, 6), (2, 10, 0, 1, 5), (3, 40, 13, 1, 2),
          (2, 14, 7, 1, 1), (1, 30, 14, 1, 2), (2, 26, 6, 1, 2), (3, 44, 23, 1, 4)]
for dtype in (torch.float32, torch.float64):
    for N, C, H, W, G in shapes:
        for affine in ('none', 'weight', 'bias', 'both'):
            x = tensor((N, C, H, W), C + H, dtype, 3.0, 0.5).requires_grad_()
            w = tensor((C,), 3, dtype, 2.0).requires_grad_() if affine in ('weight', 'both') else None
            b = tensor((C,), 4, dtype, 1.0).requires_grad_() if affine in ('bias', 'both') else None
            y = F.group_norm(x, G, w, b, eps=1e-5 if C % 3 else 0.01)
            try:
                y.backward(tensor(y.shape, C + W, dtype))
                grads = [digest(t.grad) for t in (x, w, b) if t is not None]
            except RuntimeError as e:  # PyTorch 1.13 makes dbeta like the missing weight
                grads = [str(e)]
            print(dtype, (N, C, H, W, G), affine, digest(y), *grads)

x = tensor((2, 6, 3, 4), 1, torch.float32, 2.0).requires_grad_()
w = tensor((6,), 2, torch.float32, 1.0).requires_grad_()
b = tensor((6,), 3, torch.float32, 1.0).requires_grad_()
y = F.group_norm(x, 3, w, b)
g = y.grad_fn
print(g.name(), g._saved_N, g._saved_C, g._saved_HxW, g._saved_group, g._saved_eps, g._saved_input is x,
      g._saved_weight is w, g._saved_result1, g._saved_result2, [f[0].name() for f in g.next_functions])
y = torch.group_norm(x.transpose(2, 3), 2, eps=0.1)
print(y.grad_fn.name(), y.grad_fn._saved_weight, y.grad_fn._saved_eps, y.grad_fn._saved_HxW,
      [f[0] and f[0].name() for f in y.grad_fn.next_functions], y.grad_fn.next_functions[0][0].next_functions[0][0].name())
y.sum().backward()
print(digest(y), digest(x.grad))
x.grad = None
y = F.group_norm(x[:, ::2], 3, w[::2], b[::2])
y.backward(torch.ones_like(y))
print(digest(y), digest(x.grad), digest(w.grad), digest(b.grad))
y = F.group_norm(x.detach(), 2, w, None)
print(y.grad_fn.next_functions[0][0], y.grad_fn._saved_input.requires_grad)

m = nn.GroupNorm(3, 6)
print(m, [(n, p.shape, p.requires_grad) for n, p in m.named_parameters()], m.weight, m.bias)
print(nn.GroupNorm(2, 4, affine=False, eps=1e-3), nn.GroupNorm(2, 4, affine=False).weight, nn.GroupNorm(2, 4, dtype=torch.float64).bias.dtype)
out = m(x)
out.sum().backward()
print(digest(out), digest(m.weight.grad), digest(m.bias.grad), out.grad_fn.name())
print(F.group_norm(torch.tensor([[1., 2., 3., 4.], [0., 0., 1., 1.]]), 2), F.group_norm(torch.zeros(2, 4, 3), 2))
print(F.group_norm(torch.randn(0, 4), 2), F.group_norm(torch.zeros(2, 4, 0), 2).shape)

for call in (lambda: F.group_norm(x, 4), lambda: F.group_norm(torch.ones(3), 1), lambda: F.group_norm(torch.ones(1, 2), 2),
             lambda: F.group_norm(x, 3, torch.ones(5)), lambda: F.group_norm(x, 3, None, torch.ones(5)),
             lambda: F.group_norm(x, 3, torch.ones(6), torch.ones(2)), lambda: F.group_norm(x, 3, torch.ones(2, 3)),
             lambda: nn.GroupNorm(4, 6), lambda: F.group_norm(x.double(), 3, torch.ones(6)),
             lambda: F.group_norm(torch.ones(2, 4, dtype=torch.long), 2), lambda: F.group_norm(torch.ones(2, 4).half(), 2),
             lambda: F.group_norm(torch.ones(2, 4), 0), lambda: torch.group_norm(x, 3, 5)):
    try:
        call()
    except (TypeError, RuntimeError, IndexError, ValueError, ZeroDivisionError) as e:
        print(type(e).__name__, e)

# F.layer_norm / nn.LayerNorm: values bit for bit (RowwiseMoments' Welford, fused
# multiply-adds where PyTorch's AVX2 build has them), float32 and float64, rows of 1 to
# 2049 elements, with and without weight and bias; NativeLayerNormBackward0 and its saved
# values; gradients of input, weight and bias bit for bit; reprs; PyTorch's errors.
import math, struct, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale, shift=0.0):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0) + shift)
    return out

def digest(t):
    vals = t.detach().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

seed = 1
for dtype in (torch.float32, torch.float64):
    for n in [1, 3, 7, 8, 9, 16, 31, 33, 128, 129, 300, 513, 2049]:
        for affine in (0, 1, 2, 3):
            seed += 1
            x = torch.tensor(values(3 * n, seed, 3.0, 0.7), dtype=dtype).reshape(3, n).requires_grad_()
            w = torch.tensor(values(n, seed + 1000, 2.0), dtype=dtype).requires_grad_() if affine & 1 else None
            b = torch.tensor(values(n, seed + 2000, 1.0), dtype=dtype).requires_grad_() if affine & 2 else None
            y = F.layer_norm(x, (n,), w, b)
            line = [str(dtype)[6:], n, affine, digest(y), digest(y.grad_fn._saved_result1),
                    digest(y.grad_fn._saved_result2)]
            y.backward(torch.tensor(values(3 * n, seed + 3000, 1.5), dtype=dtype).reshape(3, n))
            line.append(digest(x.grad))
            for p in (w, b):
                if p is not None:
                    line.append(digest(p.grad))
            print(*line)

# Several normalized dims, a non-contiguous input, eps.
x = torch.tensor(values(2 * 3 * 4 * 5, 7, 2.0), dtype=torch.float64).reshape(2, 3, 4, 5)
xt = x.transpose(0, 3).requires_grad_()
w = torch.tensor(values(4 * 2, 8, 1.0), dtype=torch.float64).reshape(4, 2).requires_grad_()
y = F.layer_norm(xt, [4, 2], w, None, eps=0.1)
print(digest(y), y.shape, y.grad_fn._saved_result1.shape, y.grad_fn._saved_normalized_shape)
(y * y).sum().backward()
print(digest(xt.grad), digest(w.grad))

m = nn.LayerNorm(4)
print(m, nn.LayerNorm((3, 4), eps=1e-3, elementwise_affine=False), nn.LayerNorm([2, 3]))
print(m.weight, m.bias, m.normalized_shape, m.eps, m.elementwise_affine, list(m.state_dict()))
print(nn.LayerNorm((3, 4), elementwise_affine=False).weight, list(nn.Sequential(nn.LayerNorm(2)).named_parameters()))
x = torch.tensor(values(24, 3, 2.0), requires_grad=True).reshape(2, 3, 4)
x.retain_grad()
y = m(x)
print(y)
g = y.grad_fn
print(g.name(), [type(f).__name__ for f, _ in g.next_functions])
print(g._saved_input is x, g._saved_weight is m.weight, g._saved_bias is m.bias, g._saved_normalized_shape)
print(g._saved_result1, g._saved_result2)
print(g._saved_result1.grad_fn, g._saved_result1.requires_grad)
(y * torch.arange(24.).reshape(2, 3, 4)).sum().backward()
print(x.grad, m.weight.grad, m.bias.grad)
y2 = F.layer_norm(x.detach().requires_grad_(), (4,))
print(y2.grad_fn._saved_weight, y2.grad_fn._saved_bias)
print(torch.layer_norm(x, [3, 4]).grad_fn.name())
z = nn.LayerNorm(4, elementwise_affine=False)(x)
print(z.grad_fn.next_functions[1:], z.grad_fn._saved_weight)

x = torch.ones(2, 3, 4)
for bad in [(5,), (3,), (2, 4), [4, 4, 4, 4]]:
    try:
        F.layer_norm(x, bad)
    except RuntimeError as e:
        print('RuntimeError', e)
for args in [((4,), torch.ones(3)), ((4,), torch.ones(4), torch.ones(5)), ((),), ((4,), torch.ones(2, 2))]:
    try:
        F.layer_norm(x, *args)
    except RuntimeError as e:
        print('RuntimeError', e)
for t in (x.half(), x.long()):
    try:
        F.layer_norm(t, (4,))
    except RuntimeError as e:
        print('RuntimeError', e)
try:
    nn.LayerNorm(4)(torch.ones(3))
except RuntimeError as e:
    print('RuntimeError', e)
try:
    F.layer_norm(x, 4)
except TypeError as e:
    print('TypeError', e)

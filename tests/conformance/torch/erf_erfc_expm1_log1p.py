# erf, erfc, expm1 and log1p to the last bit in float32 and float64 (PyTorch 1.13's VML
# kernels: SLEEF, and for float32 erf the fused polynomial of Vectorized<float>::erf()),
# contiguous, strided and integer inputs; grad_fn names, saved tensors and gradients.
import math, struct, torch

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

ops = [torch.erf, torch.erfc, torch.expm1, torch.log1p]
for dtype in (torch.float32, torch.float64):
    print(dtype)
    for n in [1, 5, 8, 9, 17, 100, 1001]:
        for scale in [1e-6, 0.01, 0.9, 3.0, 12.0]:
            x = torch.tensor(values(n, n, scale), dtype=dtype)
            print(n, scale, *[digest(f(x)) for f in ops])
    x = torch.tensor(values(12 * 40, 5, 2.0), dtype=dtype).reshape(12, 40)
    print("strided", *[digest(f(x[:, ::3].t())) for f in ops])
    special = torch.tensor([0., -0., 1e-30, -1e-30, 0.5, -0.5, 1., -1., 3.9, -3.9, 10., -10., 88., 100.,
                            -0.99, -1., -2., float('inf'), float('-inf'), float('nan')], dtype=dtype)
    for f in ops:
        print(f.__name__, f(special).tolist())
    print(special.erf(), special.erfc(), special.expm1(), special.log1p())

print(torch.erf(torch.tensor([1, 0, -2])), torch.log1p(torch.tensor([True, False])))
print(torch.expm1(torch.tensor(0.5)), torch.erfc(torch.tensor(2.0, dtype=torch.float64)))

for dtype in (torch.float32, torch.float64):
    x = torch.tensor([0.3, -1.2, 2.5, -0.01, 0.0], dtype=dtype, requires_grad=True)
    w = torch.tensor([1.0, -2.0, 0.5, 3.0, 1.5], dtype=dtype)
    for f in ops:
        y = f(x)
        saved = y.grad_fn._saved_result if f is torch.expm1 else y.grad_fn._saved_self
        print(f.__name__, y.grad_fn.name(), saved is x, saved.equal(y if f is torch.expm1 else x))
        (y * w).sum().backward()
        print(x.grad.tolist())
        x.grad = None
    y = x.erf().log1p().expm1().erfc()
    y.sum().backward()
    print(y, x.grad)
    g, = torch.autograd.grad(x.erf().sum(), x, create_graph=True)
    g.sum().backward()
    print(g, x.grad)
    x.grad = None

for f in ops:
    try:
        f(torch.ones(2, dtype=torch.float16))
    except RuntimeError as e:
        print(e)
try:
    torch.erf(1.0)
except TypeError as e:
    print(e)

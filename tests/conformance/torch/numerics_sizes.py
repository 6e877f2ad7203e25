# Issue 9's numerics suite: each op of the issue over sizes from 1 to 100,000 elements,
# contiguous and strided, float32 and float64, forward (and backward where the op has
# one), digested through the exact bits of every element: one differing bit fails it.
import hashlib
import math
import struct
import torch
import torch.nn.functional as F

SIZES = [1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 257, 1000, 4097, 32768, 32769, 65537, 100000]


def digest(t):
    values = t.detach().double().reshape(-1).tolist()
    return hashlib.md5(struct.pack(f"{len(values)}d", *values)).hexdigest()[:10]


def data(n, dtype, strided, low=-3.0, high=3.0):
    m = 2 * n if strided else n
    base = torch.linspace(0, 1, m, dtype=torch.float64)
    x = (low + (high - low) * ((base * 9973.0 + 0.5).frac())).to(dtype)
    return x[::2] if strided else x


UNARY = {
    "exp": torch.exp, "log": lambda t: torch.log(t.abs() + 0.5), "log1p": lambda t: torch.log1p(t.abs()),
    "expm1": torch.expm1, "sin": torch.sin, "cos": torch.cos, "tan": lambda t: torch.tan(t * 0.4),
    "tanh": torch.tanh, "sigmoid": torch.sigmoid, "erf": torch.erf, "gelu": F.gelu,
    "gelu_tanh": lambda t: F.gelu(t, approximate="tanh"), "pow_2.5": lambda t: t.abs().pow(2.5),
    "pow_t": lambda t: torch.pow(t.abs() + 0.1, t * 0.5), "sqrt": lambda t: t.abs().sqrt(),
    "rsqrt": lambda t: (t.abs() + 0.1).rsqrt(), "softmax": lambda t: torch.softmax(t, 0),
    "log_softmax": lambda t: torch.log_softmax(t, 0),
}
REDUCE = {
    "sum": torch.sum, "mean": torch.mean, "prod": lambda t: torch.prod(1 + t * 1e-4), "var": torch.var,
    "std": torch.std, "norm": torch.norm, "logsumexp": lambda t: torch.logsumexp(t, 0),
    "cumsum": lambda t: torch.cumsum(t, 0), "dot": lambda t: torch.dot(t, t.flip(0)),
}
for dtype in (torch.float32, torch.float64):
    for strided in (False, True):
        for n in SIZES:
            x = data(n, dtype, strided)
            line = []
            for name, f in list(UNARY.items()) + list(REDUCE.items()):
                xg = x.detach().clone().requires_grad_() if not strided else x.detach()
                y = f(xg)
                entry = f"{name}={digest(y)}"
                if not strided and y.requires_grad and not (n == 1 and name in ("var", "std")):
                    g, = torch.autograd.grad(y.sum(), xg)
                    entry += "/" + digest(g)
                line.append(entry)
            print(str(dtype)[6:], "strided" if strided else "contiguous", n, " ".join(line))

# Factories: element formulas over the same sizes.
for dtype in (torch.float32, torch.float64):
    print(str(dtype)[6:], "factories", " ".join(
        f"{n}:{digest(torch.linspace(-math.pi, math.pi, n, dtype=dtype))}"
        f"/{digest(torch.logspace(-3, 2, n, dtype=dtype))}/{digest(torch.arange(0, n * 0.37, 0.37, dtype=dtype))}"
        for n in SIZES))

# BLAS: mm / addmm / matmul / linear / mv / bmm over shapes around the kernels' blocks.
for dtype in (torch.float32, torch.float64):
    for m, k, n in [(1, 1, 1), (3, 5, 7), (16, 16, 16), (17, 33, 9), (64, 128, 32), (100, 3, 250), (7, 1000, 5)]:
        a = data(m * k, dtype, False).reshape(m, k).requires_grad_()
        b = data(k * n, dtype, False, -1.0, 2.0).reshape(k, n).requires_grad_()
        bias = data(n, dtype, False).requires_grad_()
        y = torch.addmm(bias, a, b)
        ga, gb, gbias = torch.autograd.grad(y.sum(), (a, b, bias))
        v = data(k, dtype, False)
        print(str(dtype)[6:], (m, k, n), digest(a @ b), digest(y), digest(ga), digest(gb), digest(gbias),
              digest(torch.mv(a, v)), digest(F.linear(a, b.t(), bias)), digest(a.t().t() @ b.t().contiguous().t()),
              digest(torch.bmm(a.unsqueeze(0).expand(2, m, k), b.unsqueeze(0).expand(2, k, n))))

# arange's element formula (Note [arange's vector lanes]) over starts, steps and lengths.
for dtype in (torch.float32, torch.float64):
    for start, step in [(0, 0.37), (0.1, 0.3), (-2.5, 0.013), (1.0, -0.07), (3.3, 1.7), (0, 0.1)]:
        print(str(dtype)[6:], "arange", start, step, " ".join(
            digest(torch.arange(start, start + n * step, step, dtype=dtype)) for n in (5, 16, 31, 33, 64, 100, 257, 5000)))

# floor, ceil, round (and decimals), trunc, frac, sign, sgn, log2, log10, exp2: values
# on floats (ties, -0.0, NaN, inf), integer inputs, grad_fn names, zero gradients,
# forward-mode tangents; dtype errors word for word.
import torch
import torch.autograd.forward_ad as fwAD

v = [2.5, -2.5, 0.5, -0.5, 1.49999, -0.0, 0.0, 3.7, -3.7, float('nan'), float('inf'), float('-inf'), 1e10, -7.125]
for dtype in (torch.float32, torch.float64):
    t = torch.tensor(v, dtype=dtype)
    for name in ("floor", "ceil", "round", "trunc", "frac", "sign", "sgn"):
        r = getattr(torch, name)(t)
        print(name, r.tolist(), r.dtype, getattr(t, name)().equal(r) or name == "frac" or name == "sgn")
    print("round1", torch.round(t, decimals=1).tolist())
    print("round2", t.round(decimals=2).tolist(), "round-1", torch.round(t, decimals=-1).tolist())

p = torch.tensor([0.25, 1.0, 3.0, 10.0, 1000.0, 123.456, 1e-5, 0.0, -1.0, 7.7, 2.0, 1.5, 9.99, 0.1, 0.3, 5.5, 8.25,
                  64.0, 0.017])
for dtype in (torch.float32, torch.float64):
    q = p.to(dtype)
    print("log2", torch.log2(q).tolist())
    print("log10", q.log10().tolist())
    print("exp2", torch.exp2(q / 7).tolist(), torch.exp2(-q[:5]).tolist())

i = torch.tensor([3, -7, 0])
print(torch.floor(i), torch.ceil(i), torch.round(i), torch.trunc(i), torch.sign(i), torch.sgn(i))
print(torch.log2(i), torch.log10(i), torch.exp2(i), torch.sign(torch.tensor([True, False])))
print(torch.frac(torch.tensor([1.5, -2.25], dtype=torch.float16)), torch.exp2(torch.tensor([1.5], dtype=torch.float16)))

x = torch.tensor([1.5, -2.3, 0.7, 0.0], requires_grad=True)
for name in ("floor", "ceil", "round", "trunc", "frac", "sign", "sgn", "log2", "log10", "exp2"):
    xx = x.abs() + 0.5 if name.startswith("log") else x
    r = getattr(torch, name)(xx)
    g, = torch.autograd.grad(r.sum(), x)
    print(name, type(r.grad_fn).__name__, g)
r = torch.round(x, decimals=1)
print(type(r.grad_fn).__name__, torch.autograd.grad(r.sum(), x)[0])

with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([0.5, 2.0, 3.5]), torch.tensor([1.0, -2.0, 0.5]))
    for name in ("floor", "frac", "log2", "log10", "exp2", "sign"):
        print("tangent", name, fwAD.unpack_dual(getattr(torch, name)(d)).tangent)

for f in (lambda: torch.floor(torch.tensor([True])),
          lambda: torch.round(torch.tensor([1.5], dtype=torch.float16)),
          lambda: torch.frac(i),
          lambda: torch.round(i, decimals=1),
          lambda: torch.log2(torch.tensor([1.0], dtype=torch.float16))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

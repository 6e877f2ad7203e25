# The complex-number functions on real tensors: conj, conj_physical, resolve_conj,
# resolve_neg and real give the tensor itself, is_conj / is_neg are False, isreal is all
# True, imag is an error; `t.real = v` copies into t.
import torch

x = torch.tensor([1.5, -2.0, 3.0], requires_grad=True)
ints = torch.tensor([1, 2], dtype=torch.uint8)
for name in ["conj", "conj_physical", "resolve_conj", "resolve_neg", "real"]:
    r = getattr(torch, name)(x)
    print(name, r is x, r.grad_fn, getattr(torch, name)(ints) is ints)
for name in ["conj", "conj_physical", "resolve_conj", "resolve_neg"]:
    print("method", name, getattr(x, name)() is x)
print("real property", x.real is x, ints.real is ints)
print("is_conj", torch.is_conj(x), x.is_conj(), "is_neg", torch.is_neg(x), x.is_neg())
for t in [x, ints, torch.tensor([True, False]), torch.zeros(2, 0), torch.tensor(2.0, dtype=torch.float64)]:
    r = torch.isreal(t)
    print("isreal", r, r.dtype, r.shape, t.isreal().tolist())

y = (x * 2)
y.real = torch.tensor([1.0, 2.0, 3.0])
print("set real", y, y.grad_fn.name(), [n.name() if n else None for n, _ in y.grad_fn.next_functions])
z = torch.zeros(3)
z.real = 4
print("set real number", z)

for f in [lambda: torch.imag(x), lambda: x.imag, lambda: setattr(z, "imag", torch.ones(3)), lambda: torch.real(3),
          lambda: torch.conj([1.0]), lambda: torch.isreal(2.0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

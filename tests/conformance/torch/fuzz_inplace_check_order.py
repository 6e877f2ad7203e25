# Found by the differential fuzzer: the errors of in-place ops, copy_ and `x[i] = t` come in
# PyTorch's order and words: autograd's checks (leaf, view of a leaf), then TensorIterator's
# shapes ("output with shape ... doesn't match the broadcast shape ..."), then the result
# type; `x[i] = t` strips t's leading 1s and expands it (expand's errors); an integer
# tensor clamped by a float is a float tensor, clamp_ / pow_ in place refuse it; std and
# var refuse integers.
import torch

def attempt(label, f):
    try:
        r = f()
        print(label, 'ok', None if r is None else (r.dtype, r))
    except RuntimeError as e:
        print(label, e)

a2, a3, a42, a32 = torch.zeros(2), torch.zeros(3), torch.zeros(4, 2), torch.zeros(3, 2)
i2 = torch.tensor([1, 2])
i112 = torch.zeros(1, 1, 2, dtype=torch.int64)
f21 = torch.ones(2, 1, requires_grad=True)
leaf = torch.ones(2, requires_grad=True)
d2 = torch.zeros(2, dtype=torch.float64)
attempt('copy_ (2) <- (4, 2)', lambda: a2.copy_(a42))
attempt('copy_ (3) <- (2)', lambda: a3.copy_(a2))
attempt('copy_ (4, 2) <- (3)', lambda: a42.copy_(a3))
attempt('copy_ (3, 2) <- (4, 2)', lambda: a32.copy_(a42))
attempt('copy_ leaf', lambda: leaf.copy_(a3))
attempt('[:] = (4, 2)', lambda: a2.__setitem__(slice(None), a42))
attempt('[:] = (2)', lambda: a3.__setitem__(slice(None), a2))
attempt('[0] = (3)', lambda: a42.__setitem__(0, a3))
attempt('double [:] = (3, 2)', lambda: d2.__setitem__(slice(None), torch.zeros(3, 2, dtype=torch.float64)))
attempt('[:] = (1, 1, 2)', lambda: a42.__setitem__(slice(None), torch.tensor([[[1.0, 2.0]]])))
print(a42)
attempt('int mul_ float', lambda: i112.mul_(f21))
attempt('int add_ float', lambda: i112.add_(f21))
attempt('int div_', lambda: i2.div_(torch.ones(3)))
attempt('leaf add_ shape', lambda: leaf.add_(a3))
attempt('int clamp_ float', lambda: i2.clamp_(-0.5, 0.5))
attempt('int clamp_ min float', lambda: i2.clamp_(min=0.5))
attempt('int clamp float', lambda: i2.clamp(-0.5, 1.5))
attempt('int clamp int', lambda: i2.clamp(-1, 1))
attempt('int pow_ float', lambda: i2.pow_(0.5))
attempt('int pow float', lambda: torch.tensor([1, 2, 3]).pow(0.5))
attempt('int pow float', lambda: torch.tensor([1, 2, 3]).pow(1.7))
attempt('expand double', lambda: d2.expand(3))
attempt('int std', lambda: i2.std())
attempt('int var', lambda: i2.var(0))
x = torch.tensor([0.3, 1.7, 2.9], requires_grad=True)
y = x * 1
y.pow_(3)
y.sum().backward()
print([repr(v) for v in x.grad.tolist()], [repr(v) for v in y.tolist()])

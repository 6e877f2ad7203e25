# isnan / isinf / isfinite, logical_and / or / xor / not, argmin, nonzero (and
# as_tuple), count_nonzero, isclose / allclose, is_floating_point / is_complex on
# float, integer and bool tensors; errors word for word.
import torch

f = torch.tensor([1.0, float('nan'), float('inf'), float('-inf'), -0.0, 2.5])
i = torch.tensor([3, 0, -2, 0, 7, 1])
b = torch.tensor([True, False, True, False, False, True])
for t in (f, i, b):
    print(torch.isnan(t), t.isinf(), torch.isfinite(t), t.is_floating_point(), torch.is_complex(t))
    print(torch.logical_not(t), t.logical_and(b), torch.logical_or(t, i), torch.logical_xor(t, f))
print(torch.isnan(torch.tensor([1.5, float('nan')], dtype=torch.float16)), torch.is_floating_point(f))

m = torch.tensor([[4.0, 1.0, 9.0], [1.0, -3.0, 1.0], [2.0, 2.0, float('nan')]])
print(torch.argmin(m), m.argmin(0), torch.argmin(m, dim=1), m.argmin(1, keepdim=True), torch.argmin(i), m[:2].argmin())
print(torch.nonzero(i), torch.nonzero(m), m.nonzero(as_tuple=True), torch.nonzero(torch.tensor(3.0)),
      torch.nonzero(torch.tensor(0.0), as_tuple=True), torch.nonzero(torch.zeros(2, 3)).shape, b.nonzero())
print(torch.count_nonzero(m), torch.count_nonzero(m, dim=0), m.count_nonzero(1), torch.count_nonzero(i))

a = torch.tensor([1.0, 2.0, float('nan'), 1e-9, 100.0])
c = torch.tensor([1.0 + 1e-6, 2.1, float('nan'), 0.0, 100.001])
print(torch.isclose(a, c), torch.isclose(a, c, equal_nan=True), a.isclose(c, rtol=0.1), torch.isclose(a, c, atol=0, rtol=0))
print(torch.allclose(a[:2], c[:2]), a.allclose(c, equal_nan=True, rtol=1e-4), torch.isclose(i, i), torch.isclose(b, b))

x = torch.tensor([0.5, float('nan'), 2.0], requires_grad=True)
print(torch.isnan(x), torch.isnan(x).requires_grad, torch.isinf(x).grad_fn, x.argmin(), torch.nonzero(x))

for fn in (lambda: torch.argmin(b), lambda: torch.argmin(torch.empty(0)), lambda: torch.isclose(a, i),
           lambda: torch.logical_and(i, 2)):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)

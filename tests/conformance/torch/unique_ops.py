# torch.unique / Tensor.unique / torch.unique_consecutive (PyTorch 1.13): sorted and unsorted
# orders (the hash set's), inverse indices and counts, slices along a dim, NaN and -0.0,
# integer, bool and bfloat16 inputs, the grad_fn that refuses backward, and the errors.
import torch

x = torch.tensor([3., 1., 2., 3., 1., 5.], requires_grad=True)
u = torch.unique(x)
print(u, u.requires_grad, u.grad_fn.name())
print(torch.unique(x, return_inverse=True, return_counts=True))
print(torch.unique(x, sorted=False))
print(x.unique(return_counts=True))
print(x.unique(False, True))
try:
    u.sum().backward()
except Exception as e:
    print(type(e).__name__, e)

t = torch.tensor([[1, 2], [1, 2], [0, 5]])
print(torch.unique(t, dim=0, return_inverse=True, return_counts=True))
print(torch.unique(t, dim=1), torch.unique(t, dim=-1, return_counts=True))
print(torch.unique(t, sorted=False))
print(torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1, 1, 2]), return_inverse=True, return_counts=True))
print(torch.tensor([1, 1, 2, 2, 3, 1]).unique_consecutive(return_counts=True))
print(torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 3]]), dim=0, return_counts=True, return_inverse=True))
print(torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 3]])))

g = torch.Generator().manual_seed(3)
big = torch.randint(-50, 50, (200,), generator=g)
print(torch.unique(big, sorted=False))
values, inverse, counts = torch.unique(big.float() / 4, sorted=False, return_inverse=True, return_counts=True)
print(values, inverse[:20], counts)
print(torch.unique(big.to(torch.int8), sorted=False, return_counts=True))
print(torch.unique(big.double() * 1.5, return_inverse=True)[1][:30])
print(torch.unique(torch.tensor([2., 1., 2., 7., -3., 100., 7.5, 0., -0.], dtype=torch.float64), sorted=False,
                   return_counts=True, return_inverse=True))
print(torch.unique(torch.tensor([float('nan'), 1., float('nan')]), return_counts=True, return_inverse=True))
print(torch.unique(torch.tensor([True, False, True]), return_counts=True))
print(torch.unique(torch.tensor([], dtype=torch.long), return_counts=True))
print(torch.unique(torch.tensor([2., 1., 2., 3.5], dtype=torch.bfloat16), sorted=False, return_counts=True,
                   return_inverse=True))
print(torch.unique(torch.tensor(3.)), torch.unique(torch.tensor([[[1, 2], [1, 2]]]), dim=1))
y = torch.tensor([[1., 2.], [1., 2.], [0., 5.]], requires_grad=True)
uy = torch.unique(y, dim=0)
print(uy, uy.grad_fn.name())
print(torch.unique(torch.randint(0, 3, (6, 4), generator=g), dim=1, return_inverse=True, return_counts=True))
print(torch.unique(torch.randint(0, 2, (3, 5, 2), generator=g), dim=1))
for f in [lambda: torch.unique(torch.tensor([1., 2.], dtype=torch.float16)), lambda: uy.sum().backward(),
          lambda: torch.unique(torch.tensor([1, 2]), dim=2), lambda: torch.unique(torch.empty(0, 2), dim=0),
          lambda: torch.unique(torch.empty(2, 0), dim=0), lambda: torch.unique(torch.empty(0, 0), dim=0),
          lambda: torch.unique_consecutive(torch.ones(2, 2, requires_grad=True) * 2).sum().backward()]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

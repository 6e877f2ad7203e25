# Tensor methods the tutorials use: type_as, new_full / new_empty / new_tensor,
# ndimension, clip / clip_, allclose, and the method forms of the torch aliases.
import torch

x = torch.tensor([1.5, -2.0, 0.25], requires_grad=True)
d = torch.zeros(2, dtype=torch.float64)
r = x.type_as(d)
print(r, r.dtype, type(r.grad_fn).__name__, x.type_as(x) is x, torch.tensor([1, 2]).type_as(x))
print(x.new_full((2, 2), 3.5), x.new_full([3], 7, dtype=torch.int64), x.new_empty(2, 3).shape, x.new_empty((4,)).dtype)
print(x.new_tensor([1, 2, 3]), x.new_tensor([1, 2], dtype=torch.int64), x.new_tensor(2.5).requires_grad,
      x.new_tensor([0.5], requires_grad=True))
print(x.ndimension(), torch.zeros(2, 3, 4).ndimension(), x.clip(-1, 1), x.clip(max=0), x.allclose(x * 1.0000001))
c = x.detach().clone()
c.clip_(min=0)
print(c, x.nonzero(), x.argmin(), x.round(decimals=1), x.sign(), x.frac(), x.fmod(1), x.remainder(1))
print(x.logical_not(), x.floor_divide(2) if not x.requires_grad else x.detach().floor_divide(2))

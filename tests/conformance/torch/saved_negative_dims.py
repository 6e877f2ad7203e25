# Saved int[] attributes read through PyTorch 1.13's generated getters, which pack each
# element with PyLong_FromUnsignedLong: a negative dim or pad reads as 2**64 + value.
import torch
import torch.nn.functional as F

x = torch.arange(6.).reshape(2, 3).requires_grad_()
print(F.pad(x, (-1, 1)).grad_fn._saved_pad, F.pad(x, (1, 2)).grad_fn._saved_pad)
r = x.roll(-1, -1)
print(r.grad_fn._saved_shifts, r.grad_fn._saved_dims, x.roll(1, 0).grad_fn._saved_shifts)
print(x.logsumexp(-1).grad_fn._saved_dim, x.norm(dim=-1).grad_fn._saved_dim, x.var(-1).grad_fn._saved_dim,
      x.flip(-1, 0).grad_fn._saved_dims)

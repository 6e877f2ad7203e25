# torch.testing.make_tensor: shapes, dtypes, default and given ranges, and its errors;
# torch.testing is loaded on first use, not by `import torch`.
import sys

import torch

print('torch.testing' in sys.modules, hasattr(torch, 'testing'))
from torch.testing import make_tensor

torch.manual_seed(0)
print(make_tensor((2, 3), dtype=torch.float32, device='cpu'))
print(make_tensor(2, 3, dtype=torch.float64, device='cpu', low=-1, high=1))
print(make_tensor([4], dtype=torch.int64, device='cpu'))
print(make_tensor(5, dtype=torch.uint8, device='cpu'))
print(make_tensor(3, dtype=torch.int32, device='cpu', low=0.5, high=3.5))
print(make_tensor(4, dtype=torch.bool, device='cpu'))
t = make_tensor(3, 4, dtype=torch.float32, device='cpu', noncontiguous=True)
print(t.shape, t.is_contiguous(), t.stride())
t = make_tensor(3, dtype=torch.float32, device='cpu', requires_grad=True)
print(t.requires_grad, t.is_leaf, t.grad_fn)
print(make_tensor(6, dtype=torch.int64, device='cpu', low=0, high=2, exclude_zero=True))
for kwargs in [dict(dtype=torch.int64, requires_grad=True), dict(dtype=torch.float32, low=2, high=1),
               dict(dtype=torch.float32, low=float('nan'))]:
    try:
        make_tensor(2, device='cpu', **kwargs)
    except ValueError as e:
        print('ValueError:', e)

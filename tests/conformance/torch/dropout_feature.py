# nn.Dropout1d/2d/3d and F.dropout1d/2d/3d (torch.nn._feature_dropout until functional.py exports
# them): one Bernoulli draw per channel, scaled by 1/(1-p), the masks PyTorch draws for the same
# seed; eval mode, p=0 and p=1, inplace, unbatched inputs, gradients, reprs, warnings, errors.
import warnings

import torch
from torch import nn

try:
    from torch.nn.functional import dropout1d, dropout2d, dropout3d
except ImportError:
    from torch.nn._feature_dropout import dropout1d, dropout2d, dropout3d

warnings.simplefilter('always')

print(nn.Dropout1d(), nn.Dropout2d(p=0.25), nn.Dropout3d(0.1, inplace=True), nn.Dropout(0.3))
print(nn.Sequential(nn.Dropout2d(0.25), nn.Dropout2d(0.5)))

torch.manual_seed(0)
x = torch.arange(1., 49.).reshape(2, 3, 2, 4)
m = nn.Dropout2d(0.4)
y = m(x)
print(y)
print(m(x)[:, :, 0, 0])
m.eval()
print(m(x) is x)

x1 = torch.arange(1., 25.).reshape(2, 4, 3)
print(nn.Dropout1d(0.5)(x1))
print(nn.Dropout1d(0.5)(x1[0]))
x3 = torch.arange(1., 49.).reshape(1, 3, 2, 2, 4)
print(nn.Dropout3d(0.3)(x3)[0, :, 0, 0])
print(nn.Dropout3d(0.3)(x3[0])[:, 0, 0])

w = torch.ones(3, 5, 2, 2, requires_grad=True)
out = dropout2d(w * 2, 0.6)
print(out.grad_fn.name() if hasattr(out.grad_fn, 'name') else out.grad_fn)
out.sum().backward()
print(w.grad[:, :, 0, 0])

print(dropout2d(x, 0.0) is x, dropout2d(x, 0.5, training=False) is x)
print(dropout2d(x, 1.0)[0, 0])
z = x.clone()
r = dropout2d(z, 0.5, inplace=True)
print(r is z, z[:, :, 0, 0])
z1 = x1[0].clone()
r1 = dropout1d(z1, 0.5, inplace=True)
print(r1 is z1, z1[:, 0])
d64 = torch.ones(2, 6, 3, dtype=torch.float64)
print(dropout1d(d64, 0.2)[:, :, 0])

# 1.13's warnings: a 3-D input to dropout2d is taken as (N, C, L); other sizes are deprecated.
print(dropout2d(torch.ones(2, 3, 4), 0.5)[:, :, 0])
print(dropout2d(torch.ones(2, 3), 0.5))
print(dropout3d(torch.ones(2, 3, 2), 0.5)[:, :, 0])
print(nn.Dropout2d(0.5)(torch.ones(4, 3, 2)).sum())

for f in [lambda: nn.Dropout2d(1.5), lambda: dropout2d(x, -0.1), lambda: dropout1d(x, 0.5),
          lambda: dropout3d(torch.ones(3), 0.5)]:
    try:
        f()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
print(torch.rand(3))

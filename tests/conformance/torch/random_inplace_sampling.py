# Tensor.uniform_, normal_ and bernoulli_ draw what PyTorch 1.13 draws for the same seed: float32
# and float64, fewer and more than 16 elements (normal_'s two paths), non-contiguous tensors
# (filled in memory order), nn.init built on them; their errors.
import math

import torch
from torch import nn


def show(t, approx=False):
    # Every value counts, in a sum that does not depend on the order of summation.
    values = t.reshape(-1).tolist()
    if approx:
        # float32 normal_ of 16 elements or more: PyTorch's AVX2 kernel computes log, sin
        # and cos with Sleef, which some values miss by a unit in the last place.
        print(t.dtype, tuple(t.shape), ['%.4f' % v for v in values[:4]], '%.2f' % math.fsum(values))
        return
    print(t.dtype, tuple(t.shape), [v.hex() if isinstance(v, float) else v for v in values[:4]],
          math.fsum(values).hex() if t.dtype != torch.bool else sum(values))


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    for shape in [(5,), (4, 4), (3, 7), (40, 30)]:
        show(torch.empty(shape, dtype=dtype).uniform_())
        show(torch.empty(shape, dtype=dtype).uniform_(-0.1, 0.1))
        show(torch.empty(shape, dtype=dtype).uniform_(0.3, 1.7))
        approx = dtype == torch.float32 and shape != (5,)
        show(torch.empty(shape, dtype=dtype).normal_(), approx)
        show(torch.empty(shape, dtype=dtype).normal_(0.3, 1.7), approx)
        show(torch.empty(shape, dtype=dtype).normal_(mean=-2, std=0.01), approx)
        show(torch.empty(shape, dtype=dtype).bernoulli_(0.3))
        show(torch.empty(shape, dtype=dtype).bernoulli_())
show(torch.empty(3, 5, dtype=torch.int64).bernoulli_(0.5))
show(torch.empty(7, dtype=torch.bool).bernoulli_(0.5))
show(torch.empty(2, 3).bernoulli_(torch.tensor([0.1, 0.5, 0.9])))
show(torch.empty(4, dtype=torch.float64).bernoulli_(torch.tensor([0.0, 1.0, 0.25, 0.75])))

# Non-contiguous: the kernels walk memory order.
for make in [lambda: torch.empty(30, 40).t(), lambda: torch.empty(4, 5, 6).permute(2, 0, 1),
             lambda: torch.empty(8, 10)[:, 2:7], lambda: torch.empty(3, 4).t()]:
    show(make().uniform_(-1, 2))
    show(make().normal_(1, 3))
    show(make().bernoulli_(0.4))

x = torch.empty(3, 2)
print(x.uniform_(from_=0) if False else x.uniform_(to=2.0).shape, x.uniform_(-1, to=1).shape)
y = torch.zeros(4, 4)
print(y.normal_() is y, y.uniform_() is y, y.bernoulli_(0.5) is y)

torch.manual_seed(7)
lin = nn.Linear(20, 30)
conv = nn.Conv2d(3, 8, 3)
show(lin.weight.data)
show(lin.bias.data)
show(conv.weight.data)
w = torch.empty(16, 9)
nn.init.uniform_(w, -0.3, 0.6)
show(w)
nn.init.normal_(w, 0.5, 2.0)
show(w, approx=True)
nn.init.xavier_uniform_(w)
show(w)
nn.init.kaiming_normal_(w)
show(w, approx=True)
nn.init.uniform_(torch.empty(3, dtype=torch.float64), 1, 2)

for f in [lambda: torch.empty(2).uniform_(1, 0), lambda: torch.empty(2).normal_(0, -1),
          lambda: torch.empty(2).bernoulli_(1.5), lambda: torch.ones(2, requires_grad=True).uniform_(),
          lambda: torch.ones(2, requires_grad=True).normal_(), lambda: torch.empty(2, dtype=torch.long).uniform_(),
          lambda: torch.empty(2, dtype=torch.long).normal_(), lambda: torch.empty(2).bernoulli_(torch.tensor([0.5, 2.0]))]:
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)

# Tensor.exponential_, geometric_, cauchy_, log_normal_, random_ and torch.poisson draw
# what PyTorch 1.13 draws for the same seed: float32 and float64 (integer dtypes for
# geometric_ and random_), contiguous and not (filled in memory order), with a
# torch.Generator; the generator's state afterwards; their nodes and errors.
import math

import torch


def show(t):
    values = t.reshape(-1).tolist()
    print(t.dtype, tuple(t.shape), [v.hex() if isinstance(v, float) else v for v in values[:4]],
          math.fsum(values).hex() if t.dtype.is_floating_point else sum(values))


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    for shape in [(5,), (4, 4), (3, 7), (20, 30)]:
        show(torch.empty(shape, dtype=dtype).exponential_())
        show(torch.empty(shape, dtype=dtype).exponential_(2.5))
        show(torch.empty(shape, dtype=dtype).geometric_(0.3))
        show(torch.empty(shape, dtype=dtype).cauchy_())
        show(torch.empty(shape, dtype=dtype).cauchy_(1.5, 0.3))
        show(torch.empty(shape, dtype=dtype).log_normal_())
        show(torch.empty(shape, dtype=dtype).log_normal_(-0.5, 0.75))
        show(torch.empty(shape, dtype=dtype).random_())
        show(torch.empty(shape, dtype=dtype).random_(10))
        show(torch.empty(shape, dtype=dtype).random_(-7, 12))
        show(torch.empty(shape, dtype=dtype).random_(-7, None))
        show(torch.empty(shape, dtype=dtype).random_(-2 ** 63, None))
        show(torch.empty(shape, dtype=dtype).random_(0, 2 ** 40))

# A normal left in the generator's cache by log_normal_ of an odd count goes to the next draw.
torch.manual_seed(1)
show(torch.empty(3, dtype=torch.float64).log_normal_())
show(torch.randn(3, dtype=torch.float64))

for dtype in [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool]:
    show(torch.empty(7, dtype=dtype).random_())
    show(torch.empty(7, dtype=dtype).random_(2))
    show(torch.empty(7, dtype=dtype).random_(0, 2))
    show(torch.empty(7, dtype=dtype).random_(0, None))
    if dtype != torch.bool:
        show(torch.empty(7, dtype=dtype).random_(3, 100))
        show(torch.empty(7, dtype=dtype).geometric_(0.25))
show(torch.empty(5, dtype=torch.int64).random_(-2 ** 63, None))
show(torch.empty(5, dtype=torch.int64).random_(-2 ** 62, 2 ** 62))
show(torch.empty(5, dtype=torch.float32).random_(0, 2 ** 24))
show(torch.empty(5, dtype=torch.float64).random_(-2 ** 53, 2 ** 53))

# Non-contiguous: the kernels walk memory order.
for make in [lambda: torch.empty(30, 40).t(), lambda: torch.empty(4, 5, 6, dtype=torch.float64).permute(2, 0, 1),
             lambda: torch.empty(8, 10)[:, 2:7], lambda: torch.empty(3, 4).t()]:
    show(make().exponential_(0.5))
    show(make().geometric_(0.6))
    show(make().cauchy_(-1, 2))
    show(make().log_normal_(0.2, 0.5))
    show(make().random_(-3, 50))
    show(make().random_())

# A generator of its own; the default one untouched.
g = torch.Generator().manual_seed(123)
torch.manual_seed(5)
show(torch.empty(6).exponential_(generator=g))
show(torch.empty(6).geometric_(0.5, generator=g))
show(torch.empty(6).cauchy_(generator=g))
show(torch.empty(6, dtype=torch.float64).log_normal_(generator=g))
show(torch.empty(6, dtype=torch.int64).random_(generator=g))
show(torch.empty(6, dtype=torch.int64).random_(5, generator=g))
show(torch.empty(6, dtype=torch.int64).random_(5, 9, generator=g))
show(torch.poisson(torch.tensor([0.5, 3.0, 12.0, 250.0]), generator=g))
show(torch.rand(4))

# torch.poisson: both methods (rates below and above 10), a rate of 0, float64, non-contiguous.
torch.manual_seed(2)
rates = torch.tensor([[0.0, 0.5, 2.0, 9.99], [10.0, 15.5, 100.0, 1234.5]])
show(torch.poisson(rates))
show(torch.poisson(rates.double()))
show(torch.poisson(rates.t()))
show(torch.poisson(torch.full((50,), 4.0)))
show(torch.poisson(torch.full((50,), 40.0, dtype=torch.float64)))
print(torch.poisson(torch.empty(0)))

# In place: the same object, its version bumped; nodes whose gradient is zero.
x = torch.ones(3)
v = x._version
print(x.exponential_() is x, x.geometric_(0.5) is x, x.cauchy_() is x, x.log_normal_() is x,
      x.random_() is x, x.random_(4) is x, x.random_(1, 4) is x, x._version - v)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for sample in [lambda y: y.exponential_(), lambda y: y.geometric_(0.2), lambda y: y.cauchy_(),
               lambda y: y.log_normal_(), lambda y: y.random_(), lambda y: y.random_(7), lambda y: y.random_(2, 7),
               lambda y: y.random_(2, None)]:
    y = w * 2
    sample(y)
    print(y.grad_fn.name(), type(y.grad_fn).__name__, y.grad_fn.next_functions[0][0].name(), y.requires_grad)
    y.sum().backward()
    print(w.grad.tolist())
    w.grad = None
p = torch.poisson(w * 3)
print(p.grad_fn.name(), p.requires_grad, p.grad_fn.next_functions[0][0].name())
p.sum().backward()
print(w.grad.tolist())
with torch.no_grad():
    print(torch.poisson(w).requires_grad)

errors = [
    lambda: torch.empty(3).exponential_(-1), lambda: torch.empty(3, dtype=torch.long).exponential_(),
    lambda: torch.empty(0, dtype=torch.long).exponential_(), lambda: torch.empty(3).geometric_(0),
    lambda: torch.empty(3).geometric_(1), lambda: torch.empty(3).geometric_(), lambda: torch.empty(3, dtype=torch.bool).geometric_(0.5),
    lambda: torch.empty(3).cauchy_(1, 2, 3), lambda: torch.empty(3, dtype=torch.long).cauchy_(),
    lambda: torch.empty(3).log_normal_(1, 0), lambda: torch.empty(3).log_normal_(1, -1),
    lambda: torch.empty(3, dtype=torch.int32).log_normal_(), lambda: torch.empty(3).log_normal_(generator=3),
    lambda: torch.empty(3).exponential_('a'),
    lambda: torch.empty(3).random_(5, 2), lambda: torch.empty(3).random_(0, 0), lambda: torch.empty(3).random_(-1),
    lambda: torch.empty(3, dtype=torch.int8).random_(0, 300), lambda: torch.empty(3, dtype=torch.int8).random_(-200, 3),
    lambda: torch.empty(3, dtype=torch.uint8).random_(-3, 2), lambda: torch.empty(3, dtype=torch.bool).random_(0, 3),
    lambda: torch.empty(3, dtype=torch.int16).random_(0, 2 ** 62), lambda: torch.empty(3, dtype=torch.int32).random_(-2 ** 62, 2),
    lambda: torch.empty(3, dtype=torch.int32).random_(-2 ** 63, None),
    lambda: torch.empty(3).random_(1, 2, 3, 4), lambda: torch.empty(3).random_(generator=torch.empty(1)),
    lambda: torch.ones(2, requires_grad=True).exponential_(), lambda: torch.ones(2, requires_grad=True).random_(),
    lambda: torch.ones(2, requires_grad=True).exponential_(-1),
    lambda: torch.poisson(torch.tensor([1.0, -1.0])), lambda: torch.poisson(torch.tensor([1, 2])),
    lambda: torch.poisson(torch.ones(2), 3), lambda: torch.poisson(),
    lambda: torch.empty(2, 1).expand(2, 3).exponential_(),
]
for f in errors:
    try:
        f()
        print('no error')
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)

# After a failed poisson, the generator has moved on by the draws of the rates before the bad one.
torch.manual_seed(3)
try:
    torch.poisson(torch.tensor([3.0, 20.0, -1.0]))
except RuntimeError as e:
    print(e)
show(torch.rand(3))

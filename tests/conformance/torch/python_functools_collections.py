# Real Python: functools.partial, reduce, lru_cache and an OrderedDict in nn.Sequential.
import functools
from collections import OrderedDict, defaultdict, namedtuple

import torch
import torch.nn as nn

scale = functools.partial(torch.mul, other=3.0)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = scale(x)
print(y)
total = functools.reduce(lambda a, b: a + b, [x, x, x])
total.sum().backward()
print(x.grad)


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(30))
torch.manual_seed(0)
model = nn.Sequential(OrderedDict([("fc", nn.Linear(2, 1)), ("act", nn.ReLU())]))
print(model)
print([name for name, _ in model.named_parameters()])
counts = defaultdict(int)
for name, p in model.named_parameters():
    counts[p.dim()] += 1
print(dict(counts))
Point = namedtuple("Point", "x y")
print(Point(1, 2))

# torch.Generator objects: their own streams, seeds and states, and the generator= argument
import torch
from torch.utils.data import (DataLoader, RandomSampler, SubsetRandomSampler, TensorDataset, WeightedRandomSampler,
                              random_split)

g = torch.Generator()
print(g.initial_seed(), g.device)
print(g.manual_seed(7) is g, g.initial_seed())
torch.manual_seed(0)
print(torch.rand(3, generator=g))
print(torch.rand(3))  # the global stream is untouched by g's draws
print(torch.randn(4, generator=g, dtype=torch.float64))
print(torch.randn(20, generator=g)[-3:])
print(torch.randint(0, 10, (6,), generator=g))
print(torch.randint(5, (3,), generator=g))
print(torch.randperm(8, generator=g), torch.randperm(5, generator=g, dtype=torch.float32))
print(torch.multinomial(torch.tensor([0.1, 0.2, 0.7]), 4, replacement=True, generator=g))
print(torch.tensor([1., 2., 3., 4.]).multinomial(2, generator=g))
s = g.get_state()
a = torch.rand(2, generator=g)
print(g.set_state(s) is g, torch.equal(a, torch.rand(2, generator=g)))
print(torch.empty(3).uniform_(-1, 1, generator=g))
print(torch.empty(3).normal_(2, 0.5, generator=g))
print(torch.empty(3).bernoulli_(0.5, generator=g))
g2 = torch.Generator().manual_seed(7)
g3 = torch.Generator().manual_seed(7)
print(torch.equal(torch.randn(5, generator=g2), torch.randn(5, generator=g3)))
print(torch.manual_seed(3) is torch.default_generator, torch.default_generator.initial_seed())
print(torch.rand(2, generator=torch.default_generator), torch.rand(2, generator=torch.Generator().manual_seed(3)))

ds = TensorDataset(torch.arange(10.), torch.arange(10) * 2)
loader = DataLoader(ds, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(1))
for epoch in range(2):
    for xb, yb in loader:
        print(epoch, xb.tolist(), yb.tolist())
print(torch.rand(1))
print(list(RandomSampler(ds, replacement=True, num_samples=40, generator=torch.Generator().manual_seed(2))))
print(list(RandomSampler(ds, num_samples=13, generator=torch.Generator().manual_seed(2))))
print(list(RandomSampler(ds)))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.0], 6, generator=torch.Generator().manual_seed(4))))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.3], 3, replacement=False)))
print(list(SubsetRandomSampler([10, 20, 30, 40], generator=torch.Generator().manual_seed(5))))
parts = random_split(range(10), [0.3, 0.3, 0.4], generator=torch.Generator().manual_seed(42))
print([list(p) for p in parts])
print([list(p) for p in random_split(range(6), [2, 4])])
for bad in (lambda: torch.rand(2, generator=5), lambda: torch.randperm(3, generator="g"),
            lambda: torch.randint(3, (2,), generator=1.5),
            lambda: WeightedRandomSampler([[1., 2.]], 2), lambda: WeightedRandomSampler([1., 2.], 0)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

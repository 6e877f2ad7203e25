# torch.distributions.Bernoulli from probs and from logits: seeded samples, log_prob,
# entropy, moments, the parameter computed on first read (and shown by repr afterwards),
# enumerate_support, expand, validation and gradients.
import torch
from torch.distributions import Bernoulli

torch.manual_seed(0)
b = Bernoulli(torch.tensor([0.1, 0.5, 0.9]))
print(b, b.batch_shape, b.event_shape, b.support, b.has_rsample, b.has_enumerate_support)
print(b.sample(), b.sample((4,)))
print(b.mean, b.variance, b.stddev, b.mode)
print(b.logits)
print(b)
print(b.enumerate_support(), b.enumerate_support(expand=False), b.param_shape)

s = Bernoulli(0.3)
print(s, s.batch_shape, s.sample(), s.sample((5,)))
print(Bernoulli(logits=0.0), Bernoulli(logits=2.0).probs)

probs = torch.tensor([0.2, 0.7, 0.999, 1e-12], dtype=torch.float64, requires_grad=True)
d = Bernoulli(probs)
v = torch.tensor([1.0, 0.0, 1.0, 0.0], dtype=torch.float64)
lp = d.log_prob(v)
print(lp, lp.tolist())
lp.sum().backward()
print(probs.grad.tolist())
probs.grad = None
# A fresh distribution: d's lazily computed logits hold a graph the first backward freed.
h = Bernoulli(probs).entropy()
print(h, h.tolist())
h.sum().backward()
print(probs.grad.tolist())
print(d.logits.tolist())

logits = torch.tensor([-3.0, 0.25, 4.0], dtype=torch.float64, requires_grad=True)
dl = Bernoulli(logits=logits)
print(dl, dl.probs.tolist(), dl)
lp = dl.log_prob(torch.tensor([[1.0], [0.0]], dtype=torch.float64))
print(lp.tolist(), lp.grad_fn)
lp.sum().backward()
print(logits.grad.tolist())
print(dl.entropy().tolist(), dl.variance.tolist(), dl.perplexity().tolist())

torch.manual_seed(11)
print(dl.sample((2, 3)))
e = dl.expand((2, 3))
print(e, e.batch_shape, e.logits.shape, 'probs' in e.__dict__)
torch.manual_seed(11)
print(e.sample())

# Validation: probabilities outside [0, 1], values outside {0, 1}, both or neither given.
for bad in (torch.tensor([0.5, 1.5]), torch.tensor([-0.1])):
    try:
        Bernoulli(bad)
    except ValueError as err:
        print("ValueError:", err)
print(Bernoulli(torch.tensor([1.5]), validate_args=False).probs)
try:
    Bernoulli(logits=torch.tensor([float('nan'), 0.0]))
except ValueError as err:
    print("ValueError:", err)
try:
    b.log_prob(torch.tensor([0.0, 0.5, 1.0]))
except ValueError as err:
    print("ValueError:", err)
try:
    b.log_prob(torch.zeros(2))
except ValueError as err:
    print("ValueError:", err)
for kwargs in ({}, {'probs': 0.5, 'logits': 0.0}):
    try:
        Bernoulli(**kwargs)
    except ValueError as err:
        print("ValueError:", err)

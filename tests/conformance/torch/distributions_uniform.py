# torch.distributions.Uniform: seeded samples, log_prob inside and outside [low, high),
# cdf, icdf, entropy, moments, expand, the low >= high check and gradients through rsample.
import torch
from torch.distributions import Uniform

torch.manual_seed(0)
u = Uniform(torch.tensor([0.0, -1.0]), torch.tensor([1.0, 3.0]))
print(u, u.batch_shape, u.event_shape, u.support, u.has_rsample)
print(u.sample(), u.sample((3,)), u.rsample((2,)))
print(u.mean, u.stddev, u.variance, u.mode)

s = Uniform(2, 5)
print(s, s.sample(), s.sample((2, 2)), s.low.dtype)

low = torch.tensor([0.25, -3.0], dtype=torch.float64, requires_grad=True)
high = torch.tensor([1.5, 7.0], dtype=torch.float64, requires_grad=True)
d = Uniform(low, high)
x = torch.tensor([0.3, 6.999], dtype=torch.float64)
print(d.log_prob(x).tolist(), d.log_prob(x))
print(d.cdf(x).tolist(), d.cdf(torch.tensor([1.0, -2.0], dtype=torch.float64)).tolist())
print(d.icdf(torch.tensor([0.1, 0.9], dtype=torch.float64)).tolist())
print(d.entropy().tolist(), d.mean.tolist(), d.stddev.tolist(), d.variance.tolist())

torch.manual_seed(7)
r = d.rsample((3,))
print(r.tolist(), r.grad_fn)
r.sum().backward()
print(low.grad.tolist(), high.grad.tolist())
low.grad = None
high.grad = None
d.log_prob(x).sum().backward()
print(low.grad.tolist(), high.grad.tolist())

# Outside the support: validation refuses; without it, log(0) = -inf.
try:
    d.log_prob(torch.tensor([2.0, 0.0], dtype=torch.float64))
except ValueError as e:
    print("ValueError:", e)
free = Uniform(low, high, validate_args=False)
print(free.log_prob(torch.tensor([2.0, 0.0], dtype=torch.float64)))
print(free.cdf(torch.tensor([2.0, -5.0], dtype=torch.float64)))

try:
    Uniform(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 2.0]))
except ValueError as e:
    print("ValueError:", e)
print(Uniform(3.0, 1.0, validate_args=False).entropy())

e = d.expand((4, 2))
print(e, e.batch_shape, e.support)
torch.manual_seed(1)
print(e.sample().tolist())
print(Uniform.support, Uniform.arg_constraints)

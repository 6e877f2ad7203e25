# torch.distributions.Normal: seeded samples (sample and rsample draw differently),
# log_prob, cdf, icdf, entropy, moments, expand, and gradients through rsample and log_prob.
import torch
from torch.distributions import Normal

torch.manual_seed(0)
m = Normal(torch.tensor([0.0, 1.0, -2.0]), torch.tensor([1.0, 0.5, 3.0]))
print(m)
print(m.batch_shape, m.event_shape, m.has_rsample, m.support, m.arg_constraints)
print(m.sample())
print(m.sample((2,)))
print(m.sample(torch.Size([2, 1])).shape)
print(m.rsample((2,)))
print(m.mean, m.mode, m.stddev, m.variance)

# Python numbers: a scalar distribution of the default dtype.
s = Normal(0.0, 1.0)
print(s, s.batch_shape, s.sample(), s.sample((3,)), s.rsample((2, 2)))
print(Normal(1, 2).loc.dtype, Normal(torch.tensor(0.0, dtype=torch.float64), 2).scale)

# float64: every digit.
loc = torch.tensor([0.3, -1.7, 2.5], dtype=torch.float64, requires_grad=True)
scale = torch.tensor([0.8, 1.9, 0.05], dtype=torch.float64, requires_grad=True)
d = Normal(loc, scale)
x = torch.tensor([0.1, 0.0, 2.51], dtype=torch.float64)
lp = d.log_prob(x)
print(lp)
print(lp.tolist())
lp.sum().backward()
print(loc.grad.tolist(), scale.grad.tolist())
loc.grad = None
scale.grad = None
print(d.cdf(x).tolist())
print(d.icdf(torch.tensor([0.1, 0.5, 0.975], dtype=torch.float64)).tolist())
print(d.entropy().tolist(), d.entropy())
print(d.perplexity().tolist())
print(d.variance.tolist(), d.stddev is d.scale)

torch.manual_seed(3)
r = d.rsample((4,))
print(r)
print(r.tolist())
(r ** 2).sum().backward()
print(loc.grad.tolist(), scale.grad.tolist())

torch.manual_seed(3)
smp = d.sample((4,))
print(smp.tolist(), smp.requires_grad, smp.grad_fn)

# Broadcast parameters and values.
b = Normal(torch.zeros(2, 1), torch.tensor([1.0, 2.0, 4.0]))
print(b.batch_shape, b.log_prob(torch.tensor(0.5)))
print(b.log_prob(torch.ones(5, 2, 3)).shape)

# expand: the parameters expanded (no copy), no second validation.
e = d.expand([2, 3])
print(e, e.batch_shape, e.loc.stride(), e._validate_args)
torch.manual_seed(5)
print(e.sample().tolist())
print(e.log_prob(torch.zeros(2, 3, dtype=torch.float64)))

# Gradient through a float32 log_prob and its graph.
mu = torch.tensor(0.5, requires_grad=True)
sigma = torch.tensor(1.5, requires_grad=True)
out = Normal(mu, sigma).log_prob(torch.tensor([1.0, -2.0]))
print(out, out.grad_fn, out.grad_fn.next_functions)
out.mean().backward()
print(mu.grad, sigma.grad)
c = Normal(mu, sigma).cdf(torch.tensor(0.25))
print(c, c.grad_fn)
i = Normal(mu, sigma).icdf(torch.tensor(0.25))
print(i, i.grad_fn)
print(Normal(mu, sigma).entropy())
print(Normal(mu, sigma).rsample().grad_fn, Normal(mu, sigma).sample().grad_fn)

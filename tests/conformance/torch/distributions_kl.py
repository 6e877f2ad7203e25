# torch.distributions.kl_divergence for Normal, Bernoulli, Categorical, OneHotCategorical
# and Uniform pairs: values (including the infinite and zero cases), gradients,
# broadcasting, the Bregman divergence of a user-defined exponential family, the errors
# for pairs without a formula, and register_kl with its lookup order.
import warnings

import torch
from torch.distributions import (Bernoulli, Categorical, Distribution, ExponentialFamily, Normal, OneHotCategorical,
                                 Uniform, constraints, kl_divergence, register_kl)
from torch.distributions.kl import kl_divergence as kl_from_module

print(kl_divergence is kl_from_module)

loc_p = torch.tensor([0.0, 1.5, -2.0], dtype=torch.float64, requires_grad=True)
scale_p = torch.tensor([1.0, 0.3, 2.5], dtype=torch.float64, requires_grad=True)
p = Normal(loc_p, scale_p)
q = Normal(torch.tensor([0.5, 1.5, 3.0], dtype=torch.float64), torch.tensor([1.0, 2.0, 0.7], dtype=torch.float64))
kl = kl_divergence(p, q)
print(kl, kl.tolist())
kl.sum().backward()
print(loc_p.grad.tolist(), scale_p.grad.tolist())
print(kl_divergence(p, p).tolist(), kl_divergence(q, p).tolist())
print(kl_divergence(Normal(0.0, 1.0), Normal(torch.zeros(2, 1), torch.tensor([1.0, 2.0]))))

probs_p = torch.tensor([0.0, 0.3, 1.0, 0.5, 0.25], dtype=torch.float64, requires_grad=True)
bp = Bernoulli(probs_p)
bq = Bernoulli(torch.tensor([0.5, 0.0, 1.0, 1.0, 0.75], dtype=torch.float64))
kl = kl_divergence(bp, bq)
print(kl, kl.tolist(), kl.grad_fn)
kl[[0, 4]].sum().backward()
print(probs_p.grad.tolist())
logits_p = torch.tensor([-1.0, 0.0, 3.0], requires_grad=True)
kl = kl_divergence(Bernoulli(logits=logits_p), Bernoulli(logits=torch.tensor([0.5, 0.5, -2.0])))
print(kl)
kl.sum().backward()
print(logits_p.grad)
print(kl_divergence(Bernoulli(0.3), Bernoulli(0.6)))

cp_probs = torch.tensor([[0.2, 0.3, 0.5], [0.0, 0.5, 0.5]], dtype=torch.float64, requires_grad=True)
cp = Categorical(cp_probs)
cq = Categorical(torch.tensor([[0.25, 0.25, 0.5], [0.4, 0.6, 0.0]], dtype=torch.float64))
kl = kl_divergence(cp, cq)
print(kl, kl.tolist())
kl[0].backward()
print(cp_probs.grad.tolist())
logits = torch.tensor([1.0, -0.5, 0.25, 2.0], requires_grad=True)
kl = kl_divergence(Categorical(logits=logits), Categorical(logits=torch.zeros(2, 4)))
print(kl, kl.grad_fn)
kl.sum().backward()
print(logits.grad)
print(kl_divergence(OneHotCategorical(torch.tensor([0.1, 0.9])), OneHotCategorical(torch.tensor([0.5, 0.5]))))

low = torch.tensor([0.0, -1.0, 0.5], dtype=torch.float64, requires_grad=True)
up = Uniform(low, torch.tensor([1.0, 1.0, 2.0], dtype=torch.float64))
uq = Uniform(torch.tensor([-0.5, -1.0, 1.0], dtype=torch.float64), torch.tensor([3.0, 0.5, 2.0], dtype=torch.float64))
kl = kl_divergence(up, uq)
print(kl, kl.tolist())
kl[0].backward()
print(low.grad.tolist())
print(kl_divergence(p, up), kl_divergence(up, p).tolist(), kl_divergence(Uniform(0.0, 1.0), Normal(0.0, 1.0)))


# A user-defined exponential family: entropy and KL by Bregman divergence of its log normaliser.
class Exponential(ExponentialFamily):
    arg_constraints = {'rate': constraints.positive}
    support = constraints.nonnegative
    _mean_carrier_measure = 0

    def __init__(self, rate, validate_args=None):
        self.rate = rate
        super().__init__(rate.shape, validate_args=validate_args)

    @property
    def _natural_params(self):
        return (-self.rate, )

    def _log_normalizer(self, x):
        return -torch.log(-x)


rate = torch.tensor([0.5, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
h = Exponential(rate).entropy()
print(h, h.tolist())
kl = kl_divergence(Exponential(rate), Exponential(torch.tensor([1.0, 1.0, 4.0], dtype=torch.float64)))
print(kl, kl.tolist())
kl.sum().backward()
print(rate.grad)  # None: p's natural parameters are detached, and q's rate is a constant
print(Normal(torch.tensor([0.5, -1.0], dtype=torch.float64), 2.0).entropy().tolist(),
      ExponentialFamily.entropy(Normal(torch.tensor([0.5, -1.0], dtype=torch.float64), 2.0)).tolist())

# Pairs without a formula.
for pair in ((Normal(0.0, 1.0), Bernoulli(0.5)), (Bernoulli(0.5), Exponential(torch.ones(1))),
             (Categorical(torch.ones(2)), OneHotCategorical(torch.ones(2))), (Uniform(0.0, 1.0), Bernoulli(0.5))):
    try:
        kl_divergence(*pair)
    except NotImplementedError as e:
        print("NotImplementedError:", e)


# register_kl: a subclass uses its parent's formula until it registers its own.
class MyNormal(Normal):
    pass


print(kl_divergence(MyNormal(0.0, 1.0), Normal(1.0, 1.0)))


@register_kl(MyNormal, Normal)
def _kl_mine(p, q):
    return torch.tensor(42.0)


print(kl_divergence(MyNormal(0.0, 1.0), Normal(1.0, 1.0)), kl_divergence(Normal(0.0, 1.0), MyNormal(1.0, 1.0)))


@register_kl(Normal, MyNormal)
def _kl_other(p, q):
    return torch.tensor(-1.0)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(kl_divergence(MyNormal(0.0, 1.0), MyNormal(1.0, 1.0)))
    print([(w.category.__name__, str(w.message)) for w in caught])


@register_kl(Distribution, Distribution)
def _kl_fallback(p, q):
    return torch.tensor(float('nan'))


print(kl_divergence(Uniform(0.0, 1.0), Normal(0.0, 1.0)), kl_divergence(Bernoulli(0.5), Bernoulli(0.5)))
print("KL divergence is currently implemented" in kl_divergence.__doc__)

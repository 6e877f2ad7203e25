# torch.distributions.Categorical (and OneHotCategorical) from probs and from logits:
# seeded samples (torch.multinomial over the flattened batch), log_prob, entropy with a
# zero probability, enumerate_support, expand, validation and gradients.
import torch
from torch.distributions import Categorical, OneHotCategorical, OneHotCategoricalStraightThrough

torch.manual_seed(0)
c = Categorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
print(c, c.batch_shape, c.event_shape, c.support, c.param_shape, c.has_enumerate_support)
print(c.sample(), c.sample((6,)), c.sample((2, 3)))
print(c.probs, c.logits, c.mean, c.variance, c.mode)
print(c)
print(c.entropy(), c.enumerate_support())

# Unnormalised probabilities are normalised; a batch of two.
probs = torch.tensor([[1.0, 2.0, 0.0], [3.0, 3.0, 3.0]], dtype=torch.float64, requires_grad=True)
d = Categorical(probs)
print(d.batch_shape, d.probs.tolist(), d.logits.tolist())
torch.manual_seed(2)
print(d.sample((5,)))
lp = d.log_prob(torch.tensor([[0, 1], [1, 2], [2, 0]]))
print(lp)
print(lp.tolist())
lp[:, 1].sum().backward()
print(probs.grad.tolist())
probs.grad = None
# A fresh distribution: d's normalised probs hold a graph the first backward freed.
d = Categorical(probs)
h = d.entropy()
print(h.tolist(), h.grad_fn)
h.sum().backward()
print(probs.grad.tolist())
print(d.enumerate_support(), d.enumerate_support(expand=False))

logits = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
dl = Categorical(logits=logits)
print(dl, dl.logits, dl.probs, dl)
out = dl.log_prob(torch.tensor(2))
print(out, out.grad_fn)
out.backward()
print(logits.grad)
print(dl.entropy(), dl.perplexity())
torch.manual_seed(4)
print(dl.sample((10,)))

e = dl.expand((2, 2))
print(e, e.batch_shape, e.logits.shape)
torch.manual_seed(4)
print(e.sample(), e.sample((3,)).shape)
print(e.log_prob(torch.tensor([[0, 1], [2, 2]])))

# Validation.
for bad in (torch.tensor([0.5, -0.1, 0.6]), torch.tensor(1.0)):
    try:
        Categorical(bad)
    except ValueError as err:
        print("ValueError:", err)
try:
    Categorical(torch.tensor([0.0, 0.0]))
except ValueError as err:
    print("ValueError:", err)
try:
    c.log_prob(torch.tensor([4]))
except ValueError as err:
    print("ValueError:", err)
try:
    d.log_prob(torch.tensor([0, 1, 0]))
except ValueError as err:
    print("ValueError:", err)
try:
    Categorical(logits=torch.tensor(0.0))
except ValueError as err:
    print("ValueError:", err)

# OneHotCategorical: the same draws, as one-hot vectors.
o = OneHotCategorical(torch.tensor([[0.2, 0.8], [0.6, 0.4]]))
print(o, o.batch_shape, o.event_shape, o.support)
torch.manual_seed(9)
print(o.sample(), o.sample((2,)).shape)
print(o.log_prob(torch.tensor([[0.0, 1.0], [0.0, 1.0]])), o.entropy())
print(o.mean, o.variance, o.mode, o.enumerate_support().shape)
try:
    o.log_prob(torch.tensor([[0.5, 0.5], [1.0, 0.0]]))
except ValueError as err:
    print("ValueError:", err)
logits2 = torch.tensor([0.1, 0.9], requires_grad=True)
st = OneHotCategoricalStraightThrough(logits=logits2)
torch.manual_seed(9)
r = st.rsample((3,))
print(r, r.grad_fn)
(r * torch.tensor([1.0, 2.0])).sum().backward()
print(logits2.grad)
print(o.expand((3, 2)).batch_shape)

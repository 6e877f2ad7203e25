# torch.distributions in the two training loops learners write most: REINFORCE (a
# Categorical policy, log_prob times a return) and a VAE-style step (Normal rsample and
# kl_divergence to a standard normal), a few seeded steps each.
import torch
import torch.nn as nn
from torch.distributions import Bernoulli, Categorical, Normal, kl_divergence

torch.manual_seed(0)
policy = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3))
opt = torch.optim.Adam(policy.parameters(), lr=0.05)
for step in range(3):
    states = torch.randn(5, 4)
    dist = Categorical(logits=policy(states))
    actions = dist.sample()
    returns = (actions == 2).float() - 0.5
    loss = -(dist.log_prob(actions) * returns).mean() - 0.01 * dist.entropy().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, actions.tolist(), loss.item(), policy[2].bias.grad.tolist())

torch.manual_seed(1)
encoder = nn.Linear(6, 4)
decoder = nn.Linear(2, 6)
opt = torch.optim.SGD(list(encoder.parameters()) + list(decoder.parameters()), lr=0.1)
x = torch.rand(3, 6)
for step in range(3):
    h = encoder(x)
    mu, log_var = h[:, :2], h[:, 2:]
    q = Normal(mu, torch.exp(0.5 * log_var))
    z = q.rsample()
    recon = Bernoulli(logits=decoder(z))
    nll = -recon.log_prob((x > 0.5).float()).sum(-1)
    kl = kl_divergence(q, Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum(-1)
    loss = (nll + kl).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item(), kl.tolist(), encoder.weight.grad[0].tolist())
print(loss.grad_fn, z.grad_fn)

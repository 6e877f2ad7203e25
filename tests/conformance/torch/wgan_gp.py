# WGAN-GP: a tiny convolutional critic trained with the gradient penalty
# ((||grad_x D(x)||_2 - 1)^2).mean(), which differentiates the critic's input gradient
# (create_graph=True through Conv2d + LeakyReLU + Linear: ConvolutionBackwardBackward0,
# LeakyReluBackwardBackward0), and a generator step, a few steps with SGD and with Adam.
# The penalty, the losses and a digest of the parameters to the last bit.
import math, struct, torch
import torch.nn as nn

def digest(params):
    vals = [v for p in params for v in p.detach().flatten().tolist()]
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def make_critic():
    return nn.Sequential(nn.Conv2d(1, 4, 3, stride=2, padding=1), nn.LeakyReLU(0.2),
                         nn.Conv2d(4, 8, 3, stride=2, padding=1), nn.LeakyReLU(0.2),
                         nn.Flatten(), nn.Linear(8 * 2 * 2, 1))

def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    grad, = torch.autograd.grad(critic(interp).sum(), interp, create_graph=True)
    return ((grad.view(grad.size(0), -1).norm(2, dim=1) - 1) ** 2).mean(), grad

for optimizer in ("SGD", "Adam"):
    torch.manual_seed(0)
    critic = make_critic()
    generator = nn.Sequential(nn.Linear(4, 64), nn.Tanh())
    if optimizer == "SGD":
        opt_d = torch.optim.SGD(critic.parameters(), lr=0.01)
        opt_g = torch.optim.SGD(generator.parameters(), lr=0.01)
    else:
        opt_d = torch.optim.Adam(critic.parameters(), lr=1e-3, betas=(0.5, 0.9))
        opt_g = torch.optim.Adam(generator.parameters(), lr=1e-3, betas=(0.5, 0.9))
    print(optimizer)
    for step in range(3):
        real = torch.randn(4, 1, 8, 8)
        fake = generator(torch.randn(4, 4)).view(4, 1, 8, 8)
        penalty, grad = gradient_penalty(critic, real, fake.detach())
        if step == 0:
            print("  grad_fn:", type(grad.grad_fn).__name__,
                  [type(f).__name__ if f else None for f, _ in grad.grad_fn.next_functions])
        loss_d = critic(fake.detach()).mean() - critic(real).mean() + 10 * penalty
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = -critic(fake).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print("  step", step, "penalty", repr(penalty.item()), "loss_d", repr(loss_d.item()),
              "loss_g", repr(loss_g.item()))
        print("  critic", digest(critic.parameters()))
    print("  generator", digest(generator.parameters()))

# The penalty's gradient in float64, printed in full.
torch.manual_seed(2)
critic = make_critic().double()
x = torch.randn(2, 1, 8, 8, dtype=torch.float64)
penalty, _ = gradient_penalty(critic, x, torch.zeros_like(x))
penalty.backward()
print("penalty", repr(penalty.item()))
for name, p in critic.named_parameters():
    print(name, None if p.grad is None else p.grad.flatten().tolist()[:6])

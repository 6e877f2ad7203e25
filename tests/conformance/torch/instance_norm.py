# F.instance_norm and nn.InstanceNorm1d/2d/3d (PyTorch 1.13): values, grad_fn chain,
# gradients of input and affine parameters, running statistics, eval mode, no-batch inputs,
# reprs and errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = (torch.arange(2 * 3 * 4 * 5, dtype=torch.float32).reshape(2, 3, 4, 5) % 7 - 3).requires_grad_()
y = F.instance_norm(x)
print(y[0, 0], y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
print(y.grad_fn.next_functions[0][0].next_functions[0][0].name())
(y * torch.linspace(-1, 1, 5)).sum().backward()
print(x.grad[1, 2])

m = nn.InstanceNorm2d(3, affine=True, track_running_stats=True)
print(m, m.weight, m.running_mean, m.num_batches_tracked)
with torch.no_grad():
    m.weight.copy_(torch.tensor([0.5, 1.0, 2.0]))
    m.bias.copy_(torch.tensor([0.1, -0.2, 0.3]))
x2 = x.detach().clone().requires_grad_()
out = m(x2)
print(out[1, 1, 0], m.running_mean, m.running_var, m.running_mean._version)
(out ** 2).mean().backward()
print(m.weight.grad, m.bias.grad, x2.grad[0, 0, 1])
m.eval()
print(m(x2)[0, 2, 3])

m1 = nn.InstanceNorm1d(4)
print(m1, list(m1.state_dict().keys()))
z = torch.tensor([[1., 2., 4., 8.], [0., -1., 1., 3.], [2., 2., 2., 5.], [1., 0., 0., 0.]])
print(m1(z))
print(m1(z.unsqueeze(0)).shape)
print(nn.InstanceNorm3d(2, momentum=0.2, eps=1e-3))
x64 = torch.linspace(-2, 3, 2 * 2 * 3, dtype=torch.float64).reshape(2, 2, 3).requires_grad_()
print(torch.autograd.gradcheck(lambda t: F.instance_norm(t, weight=torch.tensor([1.5, -1.], dtype=torch.float64)),
                               (x64,)))
for f in [lambda: F.instance_norm(torch.ones(2, 3, 1)), lambda: nn.InstanceNorm2d(3)(torch.ones(2, 3)),
          lambda: F.instance_norm(x, use_input_stats=False),
          lambda: nn.InstanceNorm1d(3)(torch.ones(2, 4, 5)),
          lambda: nn.InstanceNorm1d(3).load_state_dict({'running_mean': torch.zeros(3), 'running_var': torch.ones(3)})]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

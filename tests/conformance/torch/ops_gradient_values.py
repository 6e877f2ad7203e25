# Gradients of a composite expression, compared with hand-derived values.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(-3.0, requires_grad=True)
f = x * x * y + torch.exp(x / 4) - torch.log(x * x) + y.abs() * x.sigmoid()
f.backward()
print(f)
print(x.grad, y.grad)
a = torch.tensor([0.25, 0.75], requires_grad=True, dtype=torch.float64)
g = (a.tanh() * a.sqrt() / (1 + a.cos())).sum()
g.backward()
print(g, a.grad)

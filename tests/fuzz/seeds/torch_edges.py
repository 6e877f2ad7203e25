import torch
import torch.nn as nn

torch.manual_seed(1)
a = torch.randn(3, 4, requires_grad=True)
b = torch.rand(4, 2, dtype=torch.float64)
c = a.double() @ b
c.sum().backward()
print(a.grad.shape, c.dtype, c.requires_grad, c.grad_fn.name())
print(torch.zeros(2, 3).new_ones(2), torch.arange(6).view(2, 3)[:, 1], torch.eye(3).bool())
print(torch.full((2,), 7.0).pow(2), torch.linspace(0, 1, 5), torch.tensor([[1, 2], [3, 4]]).t().contiguous())
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = torch.where(x > 0, x.relu(), x.sigmoid()).log_softmax(dim=0)
y.max().backward()
print(x.grad, y.argmax(), x.clamp(min=0, max=1), x.detach().tolist(), x[1].item())
print(torch.cat([x, x]).shape, torch.stack([x, x], dim=1).shape, x.unsqueeze(0).squeeze(0).shape)
z = torch.ones(2, 2)
z[0] = 5
z[:, 1] += 1
z.masked_fill_(z > 5, 0.0) if hasattr(z, 'masked_fill_') else z.masked_fill(z > 5, 0.0)
print(z, z.sum(dim=1, keepdim=True), z.mean(), z.std() if hasattr(z, 'std') else 0)
m = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
out = m(torch.randn(4, 2))
loss = nn.functional.mse_loss(out, torch.zeros(4, 1))
loss.backward()
for name, p in m.named_parameters():
    print(name, p.shape, p.grad is not None)
with torch.no_grad():
    w = m[0].weight * 2
print(w.requires_grad, torch.is_grad_enabled())
try:
    x.add_(1)
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as e:
    print(e)

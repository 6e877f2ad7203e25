# optim.Adam: the first steps move every parameter by about lr.
import torch

w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
opt = torch.optim.Adam([w], lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = (w ** 2).sum()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), w)
u = torch.tensor([3.0], requires_grad=True)
opt = torch.optim.Adam([u], lr=0.01, betas=(0.5, 0.9), weight_decay=0.1)
for _ in range(2):
    opt.zero_grad()
    (u * u).sum().backward()
    opt.step()
print(u)

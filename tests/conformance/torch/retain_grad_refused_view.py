# retain_grad() on a view whose grad_fn cannot be rebuilt (an unbind output modified under
# no_grad) raises, and the tensor then does not retain its gradient: .grad warns.
import torch
t1 = torch.rand(1, 1, requires_grad=True)
t14 = t1.unbind(0)[0]
with torch.no_grad():
    t14.add_(1)
try:
    t14.retain_grad()
except RuntimeError as e:
    print(str(e)[:60])
print(t14.retains_grad)
t1.sum().backward()
print(t14.grad)

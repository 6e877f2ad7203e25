# index_add's node unpacks its saved index and source before any formula runs: a released
# graph refuses a second backward.
import torch
t1 = torch.zeros(2, 3, dtype=torch.float64)
t16 = torch.tensor([[2.244, 2.465, 2.039]], dtype=torch.float64, requires_grad=True)
t1.index_add_(0, torch.tensor([0]), t16)
print(t1.grad_fn.name(), [k for k in dir(t1.grad_fn) if k.startswith('_saved')])
t22 = t1.sum()
t22.backward()
print(t16.grad)
try:
    t22.backward()
except RuntimeError as e:
    print(str(e)[:60])
a = torch.zeros(3, 2)
b = torch.ones(2, 2, requires_grad=True)
c = a.index_add(0, torch.tensor([0, 2]), b, alpha=2)
print(c.grad_fn.name(), [k for k in dir(c.grad_fn) if k.startswith('_saved')])
c.sum().backward()
print(b.grad)
c.sum().backward()

# autograd.grad of lstsq's solution toward a vector B only: A's gradient (an IndexError in 1.13's formula) is never computed.
import torch
torch.manual_seed(0)
A = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
B = torch.randn(4, dtype=torch.float64, requires_grad=True)
x = torch.linalg.lstsq(A, B, driver='gelsd').solution
print(torch.autograd.grad(x.sum(), B))
try:
    print(torch.autograd.grad(x.sum(), A))
except Exception as e:
    print(type(e).__name__, e)

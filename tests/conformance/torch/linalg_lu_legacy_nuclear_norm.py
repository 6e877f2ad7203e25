# The deprecated torch.lu / Tensor.lu (torch._lu_with_info, its one-time warning, get_infos,
# singular matrices reported through info only) and torch.norm(p='nuc') / Tensor.norm('nuc').
import torch

torch.manual_seed(29)
A = torch.randn(2, 3, 3, requires_grad=True)
LU, pivots = torch.lu(A)
print(LU.tolist(), pivots.tolist(), LU.grad_fn.name(), type(torch.lu(A)).__name__)
r = torch.lu(A, get_infos=True)
print(type(r).__name__, r.info.tolist())
print(A.lu()[0].equal(LU), len(A.lu(get_infos=True)), type(A.lu(pivot=True)).__name__)
print(torch.lu(torch.zeros(2, 2)))
print(torch._lu_with_info(torch.eye(2)))
LU.sum().backward()
print(A.grad.tolist())

for dtype in (torch.float32, torch.float64):
    X = torch.randn(3, 4, dtype=dtype, requires_grad=True)
    n = torch.norm(X, "nuc")
    print(n.item(), n.grad_fn.name(), X.norm(p="nuc").item())
    n.backward()
    print(X.grad.tolist())
    Y = torch.randn(2, 3, 4, dtype=dtype)
    print(torch.norm(Y, "nuc", dim=(0, 2)).tolist(), torch.norm(Y, "nuc", dim=[2, 1]).tolist())
for f in (lambda: torch.norm(torch.randn(2, 3, 4), "nuc"),
          lambda: torch.norm(torch.randn(3), "nuc"),
          lambda: torch.norm(torch.randn(2, 3, 4), "nuc", dim=0)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

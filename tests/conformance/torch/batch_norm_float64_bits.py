# Batch norm in float64, bit for bit: 1.13's variance loop as GCC vectorised it (pairs of
# squares rounded, an odd last element of each plane fused) and its unfused partial-vector
# tail in the gradient of (N, C) inputs. Every value is printed with repr.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
for n in (2, 3, 5, 8):
    for c in (1, 3, 5, 6, 9):
        for extra in ((), (1,), (3,), (2, 3), (1, 5), (7,)):
            shape = (n, c) + extra
            w = torch.randn(c, dtype=torch.float64, requires_grad=True)
            b = torch.randn(c, dtype=torch.float64, requires_grad=True)
            x = (torch.randn(*shape, dtype=torch.float64) * 3 + 1).requires_grad_()
            rm = torch.zeros(c, dtype=torch.float64)
            rv = torch.ones(c, dtype=torch.float64)
            y = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.3)
            y.backward(torch.randn(*shape, dtype=torch.float64))
            print(shape, y.flatten().tolist())
            print("  dx", x.grad.flatten().tolist())
            print("  dw", w.grad.tolist(), "db", b.grad.tolist())
            print("  running", rm.tolist(), rv.tolist())

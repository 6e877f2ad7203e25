# torch.addmm / Tensor.addmm with beta and alpha (AddmmBackward0: one GEMM computing
# beta * input + alpha * mat1 @ mat2; the gradients scaled by beta and alpha).
import torch

torch.manual_seed(0)
bias = torch.randn(3, dtype=torch.float64, requires_grad=True)
m1 = torch.randn(4, 5, dtype=torch.float64, requires_grad=True)
m2 = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
out = torch.addmm(bias, m1, m2, beta=0.5, alpha=2)
print(out, out.grad_fn._saved_beta, out.grad_fn._saved_alpha)
out.sum().backward()
print(bias.grad, m1.grad, m2.grad, sep='\n')
f = torch.randn(4, 3)
g = f.addmm(torch.randn(4, 6), torch.randn(6, 3), alpha=-1.5)
print(g, g.grad_fn)
print(torch.addmm(torch.ones(2, 2), torch.ones(2, 3), torch.ones(3, 2)))
print(torch.addmm(torch.full((2,), float('nan')), torch.ones(2, 3), torch.ones(3, 2), beta=0))
x = torch.randn(4, 5, requires_grad=True)
print(torch.addmm(torch.zeros(3), x, torch.randn(5, 3)).grad_fn._saved_beta)
print(torch.autograd.gradcheck(lambda b, p, q: torch.addmm(b, p, q, beta=0.25, alpha=3), (bias, m1, m2)))
try:
    torch.addmm(bias, m1, m1)
except RuntimeError as e:
    print(e)

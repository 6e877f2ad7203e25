# torch.linalg.matrix_exp / torch.matrix_exp / Tensor.matrix_exp: 1.13's Taylor
# approximations of degree 1, 2, 4, 8, 12 and 18 (with scaling and squaring) chosen by each
# matrix's 1-norm, to the last bit in float32 and float64, single and batched (a batch
# mixing degrees), the 0x0 and 1x1 cases, LinalgMatrixExpBackward0 and its block-matrix
# gradient, double backward and forward-mode AD.
import torch
import torch.autograd.forward_ad as fwAD

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for n in (2, 3, 5, 8):
        # scales spanning every degree's interval for both dtypes, and large norms that
        # need several squarings
        for scale in (1e-17, 1e-9, 1e-7, 1e-5, 1e-3, 1e-2, 0.04, 0.2, 0.5, 1.0, 2.0, 5.0, 30.0):
            A = torch.randn(n, n, dtype=dtype) * scale
            print(dtype, n, scale, torch.linalg.matrix_exp(A).tolist())
    A = torch.randn(4, 3, 3, dtype=dtype) * torch.tensor([1e-6, 0.01, 0.3, 3.0], dtype=dtype).view(4, 1, 1)
    E = torch.matrix_exp(A)
    print(E.tolist(), E.shape, E.stride())
    print(A.matrix_exp().equal(E), torch.linalg.matrix_exp(A[2]).equal(E[2]))
    B = torch.randn(2, 3, 4, 4, dtype=dtype)
    print(torch.linalg.matrix_exp(B).tolist())
    print(torch.linalg.matrix_exp(B.transpose(-2, -1)).tolist())
    print(torch.linalg.matrix_exp(torch.zeros(3, 3, dtype=dtype)).tolist())
    print(torch.linalg.matrix_exp(torch.randn(2, 1, 1, dtype=dtype)).tolist())
    print(torch.linalg.matrix_exp(torch.randn(0, 0, dtype=dtype)), torch.linalg.matrix_exp(torch.randn(0, 3, 3, dtype=dtype)).shape)

print(torch.linalg.matrix_exp(torch.tensor([[0.0, 1.0], [-1.0, 0.0]])))

# gradients
for dtype in (torch.float32, torch.float64):
    for scale in (1e-3, 0.1, 1.0, 4.0):
        A = (torch.randn(3, 3, dtype=dtype) * scale).requires_grad_()
        E = torch.linalg.matrix_exp(A)
        print(E.grad_fn.name(), type(E.grad_fn).__name__)
        G = torch.randn(3, 3, dtype=dtype)
        E.backward(G)
        print(A.grad.tolist())
    A = torch.randn(2, 4, 4, dtype=dtype, requires_grad=True)
    (torch.matrix_exp(A) * torch.arange(16.0, dtype=dtype).view(4, 4)).sum().backward()
    print(A.grad.tolist())
    A = torch.randn(1, 1, dtype=dtype, requires_grad=True)
    E = A.matrix_exp()
    E.backward()
    print(E.grad_fn.name(), A.grad.tolist())

A = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
(g,) = torch.autograd.grad(torch.linalg.matrix_exp(A).sin().sum(), A, create_graph=True)
print(g.grad_fn is not None)
(gg,) = torch.autograd.grad(g.pow(2).sum(), A)
print(gg.tolist())
print(torch.autograd.gradcheck(torch.linalg.matrix_exp, (torch.randn(2, 3, 3, dtype=torch.float64, requires_grad=True),)))

A = torch.randn(3, 3, dtype=torch.float64)
T = torch.randn(3, 3, dtype=torch.float64)
with fwAD.dual_level():
    out = torch.linalg.matrix_exp(fwAD.make_dual(A, T))
    p, t = fwAD.unpack_dual(out)
    print(p.tolist(), t.tolist())

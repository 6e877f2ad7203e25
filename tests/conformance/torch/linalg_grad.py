# Gradients of det, slogdet, logdet, inv, solve and cholesky on small batches, to the last
# bit: derivatives.yaml's formulas (lu_solve with the saved LU factors, -A^-H G A^-H, the
# two triangular solves of cholesky_backward), a singular matrix's det gradient (the
# perturbed LU), vector right-hand sides, left=False; double backward through
# inv, solve, slogdet and det (linalg.solve recorded when create_graph is set).
import torch

torch.manual_seed(3)
for dtype in (torch.float32, torch.float64):
    A = torch.randn(2, 3, 3, dtype=dtype, requires_grad=True)
    g = torch.randn(2, dtype=dtype)
    torch.linalg.det(A).backward(g)
    print(A.grad.tolist(), A.grad.stride())
    A.grad = None
    torch.det(A.mT).backward(g)
    print(A.grad.tolist())
    A.grad = None
    s, l = torch.linalg.slogdet(A)
    (l * g).sum().backward()
    print(A.grad.tolist())
    A.grad = None
    torch.logdet(A).sum().backward()
    print(A.grad.tolist())
    A.grad = None
    Ai = torch.linalg.inv(A)
    Ai.backward(torch.randn(2, 3, 3, dtype=dtype))
    print(A.grad.tolist())
    A.grad = None

    B = torch.randn(2, 3, 2, dtype=dtype, requires_grad=True)
    X = torch.linalg.solve(A, B)
    X.backward(torch.randn(2, 3, 2, dtype=dtype))
    print(A.grad.tolist(), B.grad.tolist())
    A.grad = None
    b = torch.randn(3, dtype=dtype, requires_grad=True)
    torch.linalg.solve(A, b).sum().backward()
    print(A.grad.tolist(), b.grad.tolist())
    A.grad = None
    Br = torch.randn(4, 3, dtype=dtype, requires_grad=True)
    torch.linalg.solve(A[0], Br, left=False).pow(2).sum().backward()
    print(A.grad.tolist(), Br.grad.tolist())
    A.grad = None

    M = torch.randn(2, 4, 4, dtype=dtype)
    S = (M @ M.mT + torch.eye(4, dtype=dtype)).requires_grad_()
    gL = torch.randn(2, 4, 4, dtype=dtype)
    torch.linalg.cholesky(S).backward(gL)
    print(S.grad.tolist())
    S.grad = None
    torch.linalg.cholesky(S, upper=True).backward(gL)
    print(S.grad.tolist())
    S.grad = None
    torch.cholesky(S).backward(gL)
    print(S.grad.tolist())
    S.grad = None

# a singular matrix: det's gradient is the adjugate, through the perturbed factors
Z = torch.tensor([[1., 2., 3.], [2., 4., 6.], [1., 0., 1.]], requires_grad=True)
torch.det(Z).backward()
print(Z.grad)

# double backward
A = torch.tensor([[2., 1., 0.5], [0.3, 3., 1.], [0.2, 0.4, 1.5]], dtype=torch.float64, requires_grad=True)
B = torch.tensor([[1., 2.], [0.5, -1.], [2., 0.25]], dtype=torch.float64, requires_grad=True)
gA, = torch.autograd.grad(torch.linalg.inv(A).sum(), A, create_graph=True)
print(gA.grad_fn.name(), torch.autograd.grad(gA.pow(2).sum(), A)[0].tolist())
gA, gB = torch.autograd.grad(torch.linalg.solve(A, B).pow(2).sum(), (A, B), create_graph=True)
print(gA.grad_fn.name(), gB.grad_fn.name())
print([t.tolist() for t in torch.autograd.grad((gA.sum() + gB.pow(2).sum()), (A, B))])
gA, = torch.autograd.grad(torch.linalg.slogdet(A).logabsdet, A, create_graph=True)
print(gA.grad_fn.name(), torch.autograd.grad(gA[0, 1], A)[0].tolist())
gA, = torch.autograd.grad(torch.linalg.det(A), A, create_graph=True)
print(gA.grad_fn.name(), torch.autograd.grad(gA.sum(), A)[0].tolist())

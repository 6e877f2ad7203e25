# Edge cases of linalg.svd / qr / eigh / solve_triangular / lu_factor: inputs that are not
# contiguous (transposed, sliced, expanded), empty matrices, one-row / one-column
# matrices, and second derivatives (create_graph) through their backward formulas.
import torch

torch.manual_seed(13)
for dtype in (torch.float32, torch.float64):
    A = torch.randn(5, 4, dtype=dtype)
    for X in (A.mT, A[::2], A[:, 1:], torch.randn(4, dtype=dtype).expand(3, 4)):
        U, S, Vh = torch.linalg.svd(X, full_matrices=False)
        print(U.tolist(), S.tolist(), Vh.tolist())
        Q, R = torch.linalg.qr(X)
        print(Q.tolist(), R.tolist())
        print(torch.linalg.lu_factor_ex(X).LU.tolist())
    M = torch.randn(4, 4, dtype=dtype)
    H = M + M.mT
    L, V = torch.linalg.eigh(H.mT[1:, 1:])
    print(L.tolist(), V.tolist())
    T = M.triu() + 3 * torch.eye(4, dtype=dtype)
    print(torch.linalg.solve_triangular(T.mT, torch.randn(2, 4, dtype=dtype).mT, upper=False).tolist())
    print(torch.linalg.solve_triangular(T, torch.randn(1, 4, dtype=dtype), upper=True, left=False).tolist())
    print(torch.linalg.solve_triangular(T, torch.randn(4, 1, dtype=dtype), upper=True).tolist())
    for shape in ((1, 4), (4, 1), (1, 1)):
        X = torch.randn(*shape, dtype=dtype)
        print(torch.linalg.svd(X), torch.linalg.qr(X, mode="complete"))

for shape in ((0, 3), (3, 0), (2, 0, 0)):
    X = torch.randn(*shape)
    r = torch.linalg.svd(X)
    print(r.U.shape, r.S.shape, r.Vh.shape, torch.linalg.svdvals(X).shape)
    r = torch.linalg.qr(X, mode="complete")
    print(r.Q, r.R.shape)
    print(torch.linalg.qr(X).Q.shape)
print(torch.linalg.eigh(torch.randn(0, 0)), torch.linalg.eigvalsh(torch.randn(2, 0, 0)).shape)
print(torch.linalg.solve_triangular(torch.randn(3, 3), torch.randn(3, 0), upper=True).shape)

for dtype in (torch.float32, torch.float64):
    A = torch.randn(3, 3, dtype=dtype, requires_grad=True)
    U, S, Vh = torch.linalg.svd(A)
    g, = torch.autograd.grad((U @ torch.diag(S.sqrt()) @ Vh).sum(), A, create_graph=True)
    print(g.grad_fn.name(), g.tolist())
    g.sin().sum().backward()
    print(A.grad.tolist())
    A.grad = None
    Q, R = torch.linalg.qr(A)
    g, = torch.autograd.grad(Q.sum() + R.pow(2).sum(), A, create_graph=True)
    print(g.grad_fn.name(), g.tolist())
    g.pow(2).sum().backward()
    print(A.grad.tolist())
    A.grad = None
    H = A + A.mT
    L, V = torch.linalg.eigh(H)
    g, = torch.autograd.grad((V @ torch.diag_embed(L.sin()) @ V.mT).sum(), A, create_graph=True)
    print(g.grad_fn.name(), g.tolist())
    g.pow(2).sum().backward()
    print(A.grad.tolist())
    A.grad = None
    T = (A.triu() + 3 * torch.eye(3, dtype=dtype))
    B = torch.randn(3, 2, dtype=dtype, requires_grad=True)
    X = torch.linalg.solve_triangular(T, B, upper=True)
    gT, gB = torch.autograd.grad(X.pow(3).sum(), (T, B), create_graph=True)
    print(gT.grad_fn.name(), gB.grad_fn.name(), gT.tolist(), gB.tolist())
    (gT.sum() + gB.pow(2).sum()).backward()
    print(A.grad.tolist(), B.grad.tolist())

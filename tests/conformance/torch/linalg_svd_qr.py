# torch.linalg.svd (full_matrices), linalg.svdvals, torch.svd / Tensor.svd (some, compute_uv),
# torch.linalg.qr (modes reduced / complete / r), torch.qr / Tensor.qr: gesdd and geqrf + orgqr
# values to the last bit (signs of singular vectors included), layouts, named tuples, grad_fn
# names and gradients of sign-invariant losses, batches, and 1.13's error texts.
import torch

torch.manual_seed(7)
for dtype in (torch.float32, torch.float64):
    for shape in ((4, 3), (3, 5), (2, 3, 3), (2, 1, 4, 2)):
        A = torch.randn(*shape, dtype=dtype)
        U, S, Vh = torch.linalg.svd(A)
        print(shape, U.tolist(), S.tolist(), Vh.tolist(), U.stride(), S.stride(), Vh.stride())
        U, S, Vh = torch.linalg.svd(A, full_matrices=False)
        print(U.tolist(), S.tolist(), Vh.tolist(), U.stride(), Vh.stride())
        print(torch.linalg.svdvals(A).tolist())
        r = torch.svd(A)
        print(r.V.tolist(), r.V.stride(), r.U.equal(U), r.S.equal(S))
        r = A.svd(some=False)
        print(r.U.shape, r.V.shape)
        r = torch.svd(A, compute_uv=False)
        print(r.S.tolist(), r.U.shape, r.V.shape, r.U.abs().sum().item(), r.V.stride())
        for mode in ("reduced", "complete", "r"):
            Q, R = torch.linalg.qr(A, mode=mode)
            print(mode, Q.tolist(), R.tolist(), Q.shape, Q.stride(), R.shape, R.stride())
        r = torch.qr(A)
        print(r.Q.tolist(), r.R.tolist())
        print(A.qr(some=False).Q.shape)

A = torch.randn(3, 2)
print(torch.linalg.svd(A))
print(torch.svd(A))
print(torch.linalg.qr(A))
print(torch.qr(A, some=False))
print(torch.linalg.svd(torch.randn(0, 3)), torch.linalg.svd(torch.randn(2, 0, 3), full_matrices=False).U.shape)

# gradients: functions that do not depend on the sign of the singular vectors
for dtype in (torch.float32, torch.float64):
    for shape in ((4, 3), (3, 5), (2, 3, 3)):
        A = torch.randn(*shape, dtype=dtype, requires_grad=True)
        U, S, Vh = torch.linalg.svd(A, full_matrices=False)
        print(U.grad_fn.name(), S.grad_fn.name(), Vh.grad_fn.name())
        (U @ torch.diag_embed(S) @ Vh).pow(2).sum().backward()
        print(A.grad.tolist())
        A.grad = None
        S = torch.linalg.svdvals(A)
        print(S.grad_fn.name(), S.tolist())
        (S * torch.arange(S.shape[-1], dtype=dtype)).sum().backward()
        print(A.grad.tolist())
        A.grad = None
        U, S, Vh = torch.linalg.svd(A)
        k = S.shape[-1]
        (U[..., :, :k] @ Vh[..., :k, :]).sin().sum().backward()
        print(A.grad.tolist())
        A.grad = None
        r = torch.svd(A)
        print(r.V.grad_fn.name(), r.U.grad_fn.name())
        (r.U @ torch.diag_embed(r.S) @ r.V.mT).exp().sum().backward()
        print(A.grad.tolist())
        A.grad = None
        r = A.svd()
        (r.U[..., 0:1] @ r.V[..., 0:1].mT).sum().backward()
        print(A.grad.tolist())
        A.grad = None
        Q, R = torch.linalg.qr(A)
        print(Q.grad_fn.name(), R.grad_fn.name())
        (Q.sin().sum() + R.cos().sum()).backward()
        print(A.grad.tolist())
        A.grad = None
        Q, R = torch.linalg.qr(A)
        (Q @ R).pow(2).sum().backward()
        print(A.grad.tolist())
        A.grad = None
        R = torch.linalg.qr(A)[1]
        R.sum().backward()
        print(A.grad.tolist())
        A.grad = None

print("errors")
for f in (lambda: torch.linalg.svd(torch.randn(3)),
          lambda: torch.linalg.svd(torch.randn(3, 3).int()),
          lambda: torch.linalg.svdvals(torch.randn(2)),
          lambda: torch.svd(torch.randn(3)),
          lambda: torch.linalg.svd(torch.randn(3, 3), driver="gesvd"),
          lambda: torch.linalg.svd(torch.full((3, 3), float("nan"))),
          lambda: torch.linalg.svd(torch.tensor([[[1., 2.], [3., 4.]], [[float("inf"), 0.], [0., 1.]]])),
          lambda: torch.linalg.qr(torch.randn(3)),
          lambda: torch.linalg.qr(torch.randn(3, 3), mode="foo"),
          lambda: torch.linalg.qr(torch.randn(3, 3).long()),
          lambda: torch.linalg.qr(torch.randn(4, 3, requires_grad=True), mode="complete")[0].sum().backward(),
          lambda: torch.linalg.qr(torch.randn(4, 3, requires_grad=True), mode="r")[1].sum().backward(),
          lambda: torch.linalg.svd(),
          lambda: torch.linalg.qr(torch.randn(2, 2), mode=3)):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)

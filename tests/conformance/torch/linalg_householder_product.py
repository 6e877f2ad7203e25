# torch.linalg.householder_product / torch.orgqr / Tensor.orgqr: orgqr on a column-major
# copy, to the last bit in float32 and float64, single and batched, fewer reflectors than
# columns; torch.geqrf / Tensor.geqrf, whose factors give linalg.qr's Q back;
# LinalgHouseholderProductBackward0 and 1.13's householder_product_backward (in place under
# a plain backward, out of place under create_graph) and its forward-mode AD;
# GeqrfBackward0, which has no derivative.
import torch

torch.manual_seed(3)
for dtype in (torch.float32, torch.float64):
    for shape, k in (((4, 3), 2), ((3, 3), 3), ((5, 2), 2), ((6, 4), 1), ((4, 3), 0), ((2, 5, 3), 3), ((2, 1, 4, 4), 2)):
        A = torch.randn(*shape, dtype=dtype)
        tau = torch.randn(*shape[:-2], k, dtype=dtype)
        Q = torch.linalg.householder_product(A, tau)
        print(shape, k, Q.tolist(), Q.stride())
        print(torch.orgqr(A, tau).equal(Q), A.orgqr(tau).equal(Q))
    # the Householder factors of a QR decomposition give its Q
    for shape in ((5, 3), (3, 3), (3, 5), (2, 4, 2)):
        A = torch.randn(*shape, dtype=dtype)
        a, tau = torch.geqrf(A)
        print(a.tolist(), tau.tolist(), a.stride(), tau.stride(), A.geqrf().a.equal(a))
        Q, R = torch.linalg.qr(A)
        if shape[-2] >= shape[-1]:
            print(torch.linalg.householder_product(a, tau).equal(Q))

print(torch.geqrf(torch.randn(3, 2)))
print(torch.geqrf(torch.randn(2, 0, 3)))
x = torch.randn(3, 3, requires_grad=True)
r = torch.geqrf(x)
print(r.a.grad_fn.name(), r.tau.grad_fn.name())
try:
    r.a.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
for bad in (torch.randn(3), torch.ones(3, 3, dtype=torch.long)):
    try:
        torch.geqrf(bad)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.linalg.householder_product(torch.randn(4, 0), torch.randn(0)))
print(torch.linalg.householder_product(torch.randn(0, 0), torch.randn(0)))
print(torch.linalg.householder_product(torch.randn(2, 3, 2).transpose(-2, -1).transpose(-2, -1), torch.randn(2, 1)))
print(torch.linalg.householder_product(torch.randn(3, 2).t().t(), torch.randn(4)[::2]))

# gradients
for dtype in (torch.float32, torch.float64):
    for shape, k in (((4, 3), 2), ((3, 3), 3), ((2, 5, 3), 3), ((6, 4), 1)):
        A = (torch.randn(*shape, dtype=dtype) * 0.5).requires_grad_()
        tau = (torch.rand(*shape[:-2], k, dtype=dtype) + 0.5).requires_grad_()
        Q = torch.linalg.householder_product(A, tau)
        print(Q.grad_fn.name(), [type(f[0]).__name__ for f in Q.grad_fn.next_functions])
        G = torch.randn(Q.shape, dtype=dtype)
        Q.backward(G)
        print(A.grad.tolist(), tau.grad.tolist())
    A = torch.randn(4, 3, dtype=dtype, requires_grad=True)
    tau = torch.randn(2, dtype=dtype)
    torch.orgqr(A, tau).sum().backward()
    print(A.grad.tolist())
    A = torch.randn(4, 3, dtype=dtype)
    tau = torch.randn(3, dtype=dtype, requires_grad=True)
    A.orgqr(tau).pow(2).sum().backward()
    print(tau.grad.tolist())

A = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
tau = torch.rand(3, dtype=torch.float64, requires_grad=True)
gA, gt = torch.autograd.grad((torch.linalg.householder_product(A, tau) * torch.arange(12.0, dtype=torch.float64).view(4, 3)).sum(), (A, tau), create_graph=True)
print(gA.tolist(), gt.tolist(), gA.grad_fn is not None)
print(torch.autograd.grad((gA.sum() + gt.sum()), (A, tau)))
print(torch.autograd.gradcheck(torch.linalg.householder_product, (torch.randn(5, 3, dtype=torch.float64, requires_grad=True), torch.rand(2, dtype=torch.float64, requires_grad=True))))

# forward-mode AD (householder_product_jvp)
import torch.autograd.forward_ad as fwAD
for dtype in (torch.float32, torch.float64):
    for shape, k in (((4, 3), 2), ((3, 3), 3), ((2, 5, 3), 3)):
        A = torch.randn(*shape, dtype=dtype)
        tau = torch.rand(*shape[:-2], k, dtype=dtype) + 0.5
        dA = torch.randn(*shape, dtype=dtype)
        dtau = torch.randn(*shape[:-2], k, dtype=dtype)
        with fwAD.dual_level():
            Q = torch.linalg.householder_product(fwAD.make_dual(A, dA), fwAD.make_dual(tau, dtau))
            print(fwAD.unpack_dual(Q).tangent.tolist())
            Q = torch.linalg.householder_product(fwAD.make_dual(A, dA), tau)
            print(fwAD.unpack_dual(Q).tangent.tolist())

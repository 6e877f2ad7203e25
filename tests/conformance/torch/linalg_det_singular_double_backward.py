# The second derivative of torch.linalg.det at singular matrices: 1.13 takes the gradient
# through an SVD (the adjugate) where |det| < 100 * eps, and through a solve elsewhere,
# splitting a batch by that mask.
import torch

for dtype in (torch.float32, torch.float64):
    A = torch.tensor([[1., 2., 3.], [2., 4., 6.], [0., 1., 5.]], dtype=dtype, requires_grad=True)
    d = torch.linalg.det(A)
    g, = torch.autograd.grad(d, A, create_graph=True)
    print(d.item(), g.grad_fn.name(), g.tolist())
    g.sin().sum().backward()
    print(A.grad.tolist())

    torch.manual_seed(1)
    B = torch.randn(4, 3, 3, dtype=dtype)
    B[1, 2] = B[1, 0] * 2
    B[3] = torch.outer(B[3, 0], B[3, 1])
    B.requires_grad_()
    d = torch.linalg.det(B)
    g, = torch.autograd.grad(d.sum(), B, create_graph=True)
    print(d.tolist(), g.grad_fn.name(), g.tolist())
    (g * g).sum().backward()
    print(B.grad.tolist())

    C = torch.randn(2, 3, 3, dtype=dtype, requires_grad=True)
    g, = torch.autograd.grad(torch.linalg.det(C).sum(), C, create_graph=True)
    print(g.grad_fn.name(), g.tolist())

# cumprod's gradient with zeros in the input (Note [cumprod's backward with zeros]): rows
# without zeros beside rows with one, two or three, first-order and under create_graph,
# and the second derivative through it.
import torch
torch.manual_seed(0)
for dtype in (torch.float64, torch.float32):
    for zeros in ([(1, 2)], [(0, 0), (1, 3)], [(0, 1), (0, 3), (1, 4)], [(1, 0), (1, 1)]):
        x = torch.randn(3, 6, dtype=dtype) * 1.7
        for r, c in zeros:
            x[r, c] = 0
        for dim in (0, 1):
            xl = x.clone().requires_grad_()
            y = xl.cumprod(dim)
            g = torch.randn(y.shape, dtype=dtype)
            y.backward(g)
            print(dtype, zeros, dim, xl.grad.tolist())
            xl.grad = None
            y = xl.cumprod(dim)
            gx, = torch.autograd.grad((y * g).sum(), xl, create_graph=True)
            print(' cg', gx.tolist(), gx.grad_fn.name())
            h, = torch.autograd.grad((gx * gx).sum(), xl)
            print(' second', h.tolist())

# F.affine_grid / torch.affine_grid_generator: 2-D and 3-D grids, both align_corners,
# AffineGridGeneratorBackward0 and theta's gradient, its warnings and errors.
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)

for dtype in (torch.float32, torch.float64):
    theta = torch.randn(2, 2, 3, dtype=dtype, requires_grad=True)
    for align_corners in (False, True):
        for size in ((2, 3, 3, 4), (2, 1, 1, 5), (2, 1, 9, 10)):
            grid = F.affine_grid(theta, size, align_corners=align_corners)
            weights = torch.linspace(-1.0, 1.5, grid.numel(), dtype=dtype).view(grid.shape)
            theta.grad = None
            (grid * weights).sum().backward()
            print(dtype, align_corners, size, grid.shape, grid.grad_fn.name())
            print("  grid", grid.flatten().tolist())
            print("  theta.grad", theta.grad.flatten().tolist())
    theta3 = torch.randn(2, 3, 4, dtype=dtype, requires_grad=True)
    for align_corners in (False, True):
        for size in ((2, 1, 2, 3, 4), (2, 2, 5, 4, 5)):
            grid = F.affine_grid(theta3, size, align_corners=align_corners)
            weights = torch.linspace(-1.0, 1.5, grid.numel(), dtype=dtype).view(grid.shape)
            theta3.grad = None
            (grid * weights).sum().backward()
            print(dtype, align_corners, size, grid.shape, grid.grad_fn.name())
            print("  grid", grid.flatten().tolist())
            print("  theta.grad", theta3.grad.flatten().tolist())

theta = torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], requires_grad=True)
grid = F.affine_grid(theta, torch.Size([1, 1, 2, 3]), align_corners=False)
print(grid)
fn = grid.grad_fn
print(fn.name(), fn._saved_size, fn._saved_align_corners, [type(f).__name__ for f, _ in fn.next_functions])
print(torch.affine_grid_generator(theta, [1, 1, 2, 2], True))

# The default align_corners warns once per call site; a unit-size grid with align_corners=True warns.
for _ in range(2):
    F.affine_grid(theta, [1, 1, 2, 2])
print(F.affine_grid(theta, [1, 1, 1, 3], align_corners=True))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.affine_grid(theta, (1, 1, 2, 2))
    print([str(w.message) for w in caught])


def error(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


error(lambda: F.affine_grid(theta.long(), [1, 1, 2, 2], align_corners=False))
error(lambda: F.affine_grid(theta, [1, 1, 2, 2, 2], align_corners=False))
error(lambda: F.affine_grid(torch.randn(1, 3, 4), [1, 1, 2, 2], align_corners=False))
error(lambda: F.affine_grid(theta, [1, 1, 2], align_corners=False))
error(lambda: F.affine_grid(theta, [1, 1, 0, 2], align_corners=False))
error(lambda: torch.affine_grid_generator(theta, [1, 1, 2], False))
error(lambda: torch.affine_grid_generator(theta, [1, 1, 2, 3, 4], False))
error(lambda: torch.affine_grid_generator(theta, [2, 1, 2, 3], False))
error(lambda: torch.affine_grid_generator(theta, [1, 1, 2, 3], 1))
error(lambda: torch.affine_grid_generator(theta[0], [1, 1, 2, 3], False))

# theta's gradient keeps its graph with create_graph.
theta = torch.randn(1, 2, 3, requires_grad=True)
grid = F.affine_grid(theta, [1, 1, 3, 2], align_corners=True)
g, = torch.autograd.grad((grid ** 2).sum(), theta, create_graph=True)
print(g.grad_fn.name(), g.tolist())
g.sum().backward()
print(theta.grad.tolist())

# F.grid_sample in 2-D: every mode x padding_mode x align_corners on grids that reach
# outside [-1, 1], values and the gradients of input and grid, float64 and float32.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def run(input, grid, mode, padding_mode, align_corners):
    input = input.detach().requires_grad_()
    grid = grid.detach().requires_grad_()
    out = F.grid_sample(input, grid, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
    weights = torch.linspace(-1.0, 2.0, out.numel(), dtype=out.dtype).view(out.shape)
    (out * weights).sum().backward()
    print(mode, padding_mode, align_corners, out.dtype, out.shape, out.grad_fn.name())
    print("  out", out.flatten().tolist())
    print("  input.grad", input.grad.flatten().tolist())
    print("  grid.grad", grid.grad.flatten().tolist())


input64 = torch.randn(2, 2, 3, 4, dtype=torch.float64)
grid64 = torch.randn(2, 3, 5, 2, dtype=torch.float64) * 1.4
for mode in ("bilinear", "nearest", "bicubic"):
    for padding_mode in ("zeros", "border", "reflection"):
        for align_corners in (False, True):
            run(input64, grid64, mode, padding_mode, align_corners)

# float32: 3 x 13 output locations, so vectors of 8 lanes run across rows with a tail.
input32 = torch.randn(1, 2, 4, 5)
grid32 = torch.rand(1, 3, 13, 2) * 3.2 - 1.6
for mode in ("bilinear", "nearest", "bicubic"):
    for padding_mode in ("zeros", "border", "reflection"):
        for align_corners in (False, True):
            run(input32, grid32, mode, padding_mode, align_corners)

# A grid whose W is strided (from a permuted tensor): the kernel goes row by row.
grid_t = (torch.rand(1, 13, 3, 2) * 3.2 - 1.6).transpose(1, 2)
print(grid_t.is_contiguous(), grid_t.stride())
for mode in ("bilinear", "bicubic"):
    run(input32, grid_t, mode, "reflection", False)
    run(input32, grid_t, mode, "zeros", True)
# A grid with x and y in separate planes (W contiguous), as from a conv output.
grid_planes = (torch.rand(1, 2, 3, 13) * 3.2 - 1.6).permute(0, 2, 3, 1)
print(grid_planes.stride())
run(input32, grid_planes, "bilinear", "border", False)
run(input32, grid_planes[:, :, :11], "bilinear", "zeros", False)

# Non-contiguous input, a single-pixel input, a 1 x 1 output.
input_t = torch.randn(1, 2, 5, 4).transpose(2, 3)
run(input_t, grid32, "bilinear", "zeros", False)
run(torch.randn(1, 1, 1, 1), grid32, "bilinear", "reflection", True)
run(torch.randn(1, 1, 1, 1), grid32, "bicubic", "border", False)
run(input32, grid32[:, :1, :1], "bicubic", "zeros", False)

# Exact pixel centres, halfway points for nearest (rounded half to even).
grid_exact = torch.tensor([[[[-1.0, -1.0], [-0.5, 0.0], [0.0, 0.5], [1.0, 1.0], [0.25, -0.75], [0.75, 0.25]]]])
plain = torch.arange(12.0).view(1, 1, 3, 4)
for align_corners in (False, True):
    for mode in ("bilinear", "nearest", "bicubic"):
        print(mode, align_corners, F.grid_sample(plain, grid_exact, mode=mode, align_corners=align_corners).tolist())

# The grad_fn and what it saved.
x = torch.randn(1, 1, 2, 2, requires_grad=True)
g = torch.zeros(1, 1, 1, 2, requires_grad=True)
out = F.grid_sample(x, g, mode="nearest", padding_mode="border", align_corners=True)
fn = out.grad_fn
print(fn.name(), fn._saved_interpolation_mode, fn._saved_padding_mode, fn._saved_align_corners)
print(fn._saved_input.equal(x), fn._saved_grid.equal(g), [type(f).__name__ for f, _ in fn.next_functions])
print(torch.grid_sampler(x, g, 0, 0, False).grad_fn.name(), torch.grid_sampler_2d(x, g, 2, 1, True).tolist())

# Only one of input and grid requires grad.
gi, = torch.autograd.grad(F.grid_sample(x, g.detach(), align_corners=False).sum(), x)
gg, = torch.autograd.grad(F.grid_sample(x.detach(), g, align_corners=False).sum(), g)
print(gi.tolist(), gg.tolist())

# The backward has no derivative in 1.13.
gi, gg = torch.autograd.grad(F.grid_sample(x, g, align_corners=False).sum(), (x, g), create_graph=True)
print(gi.grad_fn.name(), gg.grad_fn.name())
try:
    gi.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)

# F.grid_sample on 5-D inputs (trilinear and nearest): every padding_mode and
# align_corners, values and gradients, float64 and float32.
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


for dtype in (torch.float64, torch.float32):
    input = torch.randn(2, 2, 2, 3, 4, dtype=dtype)
    grid = torch.randn(2, 2, 3, 2, 3, dtype=dtype) * 1.4
    for mode in ("bilinear", "nearest"):
        for padding_mode in ("zeros", "border", "reflection"):
            for align_corners in (False, True):
                run(input, grid, mode, padding_mode, align_corners)

# A strided grid and input, and a depth of one.
input = torch.randn(1, 2, 4, 3, 2).transpose(2, 4)
grid = (torch.rand(1, 3, 2, 2, 3) * 3 - 1.5).transpose(1, 3)
run(input, grid, "bilinear", "reflection", True)
run(torch.randn(1, 1, 1, 2, 2), grid, "bilinear", "reflection", True)
run(torch.randn(1, 1, 1, 2, 2), grid, "nearest", "border", False)

x = torch.randn(1, 1, 2, 2, 2, requires_grad=True)
g = torch.zeros(1, 1, 1, 1, 3, requires_grad=True)
out = F.grid_sample(x, g, mode="bilinear", padding_mode="zeros", align_corners=False)
fn = out.grad_fn
print(fn.name(), fn._saved_interpolation_mode, fn._saved_padding_mode, fn._saved_align_corners)
print(torch.grid_sampler_3d(x, g, 1, 2, True).tolist(), torch.grid_sampler(x, g, 0, 1, False).grad_fn.name())
gi, gg = torch.autograd.grad(out.sum(), (x, g), create_graph=True)
print(gi.grad_fn.name(), gg.grad_fn.name())
try:
    gg.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)

# F.grid_sample's and torch.grid_sampler's checks, with PyTorch 1.13's texts.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 4, 5)
g = torch.randn(2, 3, 4, 2)
x5 = torch.randn(1, 2, 3, 3, 3)
g5 = torch.randn(1, 2, 3, 4, 3)


def error(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)


error(lambda: F.grid_sample(x, g, mode="linear", align_corners=False))
error(lambda: F.grid_sample(x, g, padding_mode="constant", align_corners=False))
error(lambda: F.grid_sample(x5, g5, mode="bicubic", align_corners=False))
error(lambda: F.grid_sample(x, g5, align_corners=False))
error(lambda: F.grid_sample(x[:1], g, align_corners=False))
error(lambda: F.grid_sample(x, g[..., :1], align_corners=False))
error(lambda: F.grid_sample(x[:, :, :0], g, align_corners=False))
error(lambda: F.grid_sample(x[0], g[0], align_corners=False))
error(lambda: F.grid_sample(torch.randn(2, 3, 4), torch.randn(2, 3, 1), align_corners=False))
error(lambda: F.grid_sample(x, g.double(), align_corners=False))
error(lambda: F.grid_sample(x.double(), g, align_corners=False))
error(lambda: F.grid_sample(x.long(), g, align_corners=False))
error(lambda: F.grid_sample(x5.long(), g5.long(), align_corners=False))
error(lambda: F.grid_sample(x5, g5.double(), align_corners=False))
error(lambda: torch.grid_sampler(torch.tensor(1.0), g, 0, 0, False))
error(lambda: torch.grid_sampler_2d(x5, g5, 0, 0, False))
error(lambda: torch.grid_sampler_3d(x, g, 0, 0, False))
error(lambda: torch.grid_sampler(x, g, 0, 0, 1))
error(lambda: torch.grid_sampler(x, g, "bilinear", 0, False))
# Empty outputs and channels are fine.
print(F.grid_sample(x, g[:, :0], align_corners=True).shape, F.grid_sample(x[:, :0], g, align_corners=True).shape)
print(F.grid_sample(x5, g5[:, :, :0], align_corners=True).shape)

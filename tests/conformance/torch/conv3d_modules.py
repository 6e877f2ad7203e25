# nn.Conv3d and nn.ConvTranspose3d: reprs, PyTorch 1.13's default initialisation draws,
# padding modes, output_size, the constructor errors, and a small video classifier
# trained for three SGD steps.
import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(0)
modules = [
    nn.Conv3d(2, 4, 3),
    nn.Conv3d(4, 6, (1, 3, 2), stride=(1, 2, 1), padding=(0, 1, 1), dilation=(1, 1, 2), groups=2, bias=False),
    nn.Conv3d(2, 2, 3, padding="same", padding_mode="replicate"),
    nn.Conv3d(2, 3, 2, padding=1, padding_mode="circular"),
    nn.Conv3d(2, 3, 3, padding="valid", dtype=torch.float64),
    nn.ConvTranspose3d(3, 2, 2, stride=2),
    nn.ConvTranspose3d(4, 2, (2, 3, 3), stride=(1, 2, 2), padding=1, output_padding=(0, 1, 1), groups=2, dilation=1),
    nn.ConvTranspose3d(2, 2, 3, bias=False, dilation=2),
]
for m in modules:
    print(m)
    print("  weight", tuple(m.weight.shape), m.weight.flatten()[:4].tolist(), m.weight.sum().item())
    if m.bias is not None:
        print("  bias", m.bias.tolist())

x = torch.randn(2, 2, 4, 5, 5)
for m in (modules[0], modules[2], modules[3], modules[7]):
    y = m(x)
    print(type(m).__name__, tuple(y.shape), y.grad_fn.name(), y.flatten()[:5].tolist(), y.sum().item())
y = modules[1](torch.randn(1, 4, 3, 6, 6))
print(tuple(y.shape), y.flatten()[:6].tolist())
y = modules[4](x.double())
print(tuple(y.shape), y.dtype, y.flatten()[:4].tolist())

up = modules[5]
z = torch.randn(1, 3, 2, 3, 2)
print(tuple(up(z).shape), tuple(up(z, output_size=[5, 7, 5]).shape), tuple(up(z, output_size=[1, 2, 4, 6, 4]).shape))
print(up(z, output_size=(5, 6, 5)).flatten()[:5].tolist())
print(tuple(modules[6](torch.randn(1, 4, 3, 3, 3)).shape))
print(tuple(up(z[0]).shape), tuple(modules[0](x[0]).shape))


def attempt(name, f):
    try:
        r = f()
        print(name, "ok", tuple(r.shape) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(name, type(e).__name__, e)


attempt("out-range", lambda: up(z, output_size=[7, 7, 7]))
attempt("out-len", lambda: up(z, output_size=[5, 7]))
attempt("groups-in", lambda: nn.Conv3d(3, 4, 3, groups=2))
attempt("groups-out", lambda: nn.Conv3d(4, 3, 3, groups=2))
attempt("same-stride", lambda: nn.Conv3d(2, 2, 3, stride=2, padding="same"))
attempt("t-mode", lambda: nn.ConvTranspose3d(2, 2, 3, padding_mode="reflect"))
attempt("channels", lambda: modules[0](torch.randn(1, 3, 4, 4, 4)))
attempt("rank", lambda: modules[0](torch.randn(3, 4, 4)))
attempt("small", lambda: modules[0](torch.randn(1, 2, 2, 4, 4)))


class VideoNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv3d(3, 4, 3, padding=1)
        self.pool = nn.MaxPool3d(2)
        self.conv2 = nn.Conv3d(4, 6, (1, 3, 3), padding=(0, 1, 1))
        self.avg = nn.AvgPool3d((2, 2, 2))
        self.fc = nn.Linear(6 * 1 * 2 * 2, 3)

    def forward(self, clip):
        h = self.pool(F.relu(self.conv1(clip)))
        h = self.avg(F.relu(self.conv2(h)))
        return self.fc(h.flatten(1))


torch.manual_seed(1)
net = VideoNet()
print(net)
clips = torch.randn(4, 3, 4, 8, 8)
labels = torch.tensor([0, 2, 1, 2])
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
for step in range(3):
    opt.zero_grad()
    loss = F.cross_entropy(net(clips), labels)
    loss.backward()
    opt.step()
    print(step, loss.item(), loss.grad_fn.name())
print(net.conv1.weight.grad[1, 2, 0].tolist())
print(net.conv2.bias.tolist())
print(net.fc.weight.flatten()[:6].tolist())

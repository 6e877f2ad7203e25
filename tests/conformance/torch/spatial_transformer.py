# A tiny spatial transformer network (the PyTorch tutorial's shape): a localisation net
# predicts theta, F.affine_grid and F.grid_sample warp the input; forward and backward.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class SpatialTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.localization = nn.Sequential(nn.Conv2d(1, 4, kernel_size=3), nn.MaxPool2d(2), nn.ReLU())
        self.fc_loc = nn.Sequential(nn.Linear(4 * 3 * 3, 8), nn.ReLU(), nn.Linear(8, 6))
        self.fc_loc[2].weight.data.mul_(0.1)
        self.fc_loc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))
        self.classifier = nn.Linear(8 * 8, 3)

    def forward(self, x):
        xs = self.localization(x).view(-1, 4 * 3 * 3)
        theta = self.fc_loc(xs).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        warped = F.grid_sample(x, grid, align_corners=False)
        return self.classifier(warped.flatten(1)), theta, grid, warped


model = SpatialTransformer()
x = torch.randn(3, 1, 8, 8)
target = torch.tensor([0, 2, 1])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    optimizer.zero_grad()
    logits, theta, grid, warped = model(x)
    loss = F.cross_entropy(logits, target)
    loss.backward()
    print(step, loss.item(), theta.grad_fn.name(), grid.grad_fn.name(), warped.grad_fn.name())
    print("  theta", theta.flatten().tolist())
    print("  warped", warped[0, 0, :2].flatten().tolist())
    print("  fc_loc grad", model.fc_loc[2].weight.grad.flatten().tolist()[:12])
    print("  conv grad", model.localization[0].weight.grad.flatten().tolist()[:9])
    optimizer.step()
print(warped)

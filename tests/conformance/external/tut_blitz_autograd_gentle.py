# Source: pytorch/tutorials/beginner_source/blitz/autograd_tutorial.py (current "A Gentle Introduction to torch.autograd"; https://pytorch.org/tutorials/beginner/blitz/autograd_tutorial.html)
# Changed: torchvision resnet18 replaced by a small stand-in module with an `fc` layer (fixed weights via init_fixed()); torch.rand data/labels/x/y/z replaced by fixed(); prints of the training step results added (marked "(added)"); prose trimmed.
import torch
from torch import nn

# Deterministic stand-in for torch.randn/torch.rand (added for the yardstick).
def fixed(*shape, seed=0, scale=1.0):
    n = 1
    for s in shape:
        n *= s
    state = seed * 7919 + 1
    vals = []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        vals.append(scale * (state / 1073741824.0 - 1.0))
    return torch.tensor(vals).reshape(shape)


# Deterministic stand-in for the random default init of nn layers (added).
def init_fixed(module, seed=0):
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            fan_in = 1
            for s in p.shape[1:]:
                fan_in *= s
            if p.dim() == 1:
                fan_in = p.shape[0]
            p.copy_(fixed(*p.shape, seed=seed + k, scale=1.0 / fan_in ** 0.5).to(p.dtype))

# (changed) small stand-in for torchvision.models.resnet18(weights=ResNet18_Weights.DEFAULT)
class TinyResNetStandIn(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(4, 1000)

    def forward(self, x):
        x = torch.relu(self.conv1(x))
        x = self.pool(x).flatten(1)
        return self.fc(x)

model = TinyResNetStandIn()
init_fixed(model, seed=1)
data = fixed(1, 3, 64, 64, seed=2, scale=0.5) + 0.5
labels = fixed(1, 1000, seed=3, scale=0.5) + 0.5

prediction = model(data) # forward pass

loss = (prediction - labels).sum()
loss.backward() # backward pass

optim = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)

optim.step() #gradient descent
print(loss, model.conv1.bias)  # (added)

######################################################################
# Differentiation in Autograd
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~

a = torch.tensor([2., 3.], requires_grad=True)
b = torch.tensor([6., 4.], requires_grad=True)

Q = 3*a**3 - b**2

external_grad = torch.tensor([1., 1.])
Q.backward(gradient=external_grad)

# check if collected gradients are correct
print(9*a**2 == a.grad)
print(-2*b == b.grad)

######################################################################
# Exclusion from the DAG
# ^^^^^^^^^^^^^^^^^^^^^^

x = fixed(5, 5, seed=4, scale=0.5) + 0.5
y = fixed(5, 5, seed=5, scale=0.5) + 0.5
z = (fixed(5, 5, seed=6, scale=0.5) + 0.5).requires_grad_()

a = x + y
print(f"Does `a` require gradients?: {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")

from torch import nn, optim

model = TinyResNetStandIn()
init_fixed(model, seed=7)

# Freeze all the parameters in the network
for param in model.parameters():
    param.requires_grad = False

model.fc = nn.Linear(4, 10)
init_fixed(model.fc, seed=8)  # (added)

# Optimize only the classifier
optimizer = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)

out = model(data).sum()  # (added)
out.backward()  # (added)
optimizer.step()  # (added)
print(model.conv1.weight.grad, model.fc.bias)  # (added)
print([n for n, p in model.named_parameters() if p.requires_grad])  # (added)

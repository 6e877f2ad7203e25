# Source: pytorch/tutorials/beginner_source/blitz/neural_networks_tutorial.py (revision 06dc97785c47755b8d5bca167ad3cfc2ee8a04c1)
# Changed: torch.randn input and backward gradient replaced by fixed(); random layer init overwritten by init_fixed(); `print(loss.grad_fn...)` (object addresses) replaced by `.name()`; prose trimmed. The integer target torch.arange(1, 11) made float (torch.arange(1., 11.)): with a Long target MSELoss backward fails in 1.13 ("Found dtype Long but expected Float"); later revisions use a float target too.
# -*- coding: utf-8 -*-
"""
Neural Networks
===============
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

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

class Net(nn.Module):

    def __init__(self):
        super(Net, self).__init__()
        # 1 input image channel, 6 output channels, 5x5 square convolution
        # kernel
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        # an affine operation: y = Wx + b
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        # Max pooling over a (2, 2) window
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        # If the size is a square you can only specify a single number
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.view(-1, self.num_flat_features(x))
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x

    def num_flat_features(self, x):
        size = x.size()[1:]  # all dimensions except the batch dimension
        num_features = 1
        for s in size:
            num_features *= s
        return num_features


net = Net()
init_fixed(net, seed=1)  # (added)
print(net)

params = list(net.parameters())
print(len(params))
print(params[0].size())  # conv1's .weight

input = fixed(1, 1, 32, 32, seed=2)
out = net(input)
print(out)

net.zero_grad()
out.backward(fixed(1, 10, seed=3))

output = net(input)
target = torch.arange(1., 11.)  # a dummy target, for example
target = target.view(1, -1)  # make it the same shape as output
criterion = nn.MSELoss()

loss = criterion(output, target)
print(loss)

print(loss.grad_fn.name())  # MSELoss
print(loss.grad_fn.next_functions[0][0].name())  # Linear
print(loss.grad_fn.next_functions[0][0].next_functions[0][0].name())  # ReLU

net.zero_grad()     # zeroes the gradient buffers of all parameters

print('conv1.bias.grad before backward')
print(net.conv1.bias.grad)

loss.backward()

print('conv1.bias.grad after backward')
print(net.conv1.bias.grad)

import torch.optim as optim

# create your optimizer
optimizer = optim.SGD(net.parameters(), lr=0.01)

# in your training loop:
optimizer.zero_grad()   # zero the gradient buffers
output = net(input)
loss = criterion(output, target)
loss.backward()
optimizer.step()    # Does the update
print(net(input))  # (added)

# Source: pytorch/pytorch/docs/source/notes/modules.rst (sections "A Simple Custom Module" .. "Neural Network Training with Modules"; https://pytorch.org/docs/1.13/notes/modules.html)
# Changed: code blocks joined into one script with the shown outputs printed; torch.randn parameters/inputs replaced by fixed() values; the 10000-step training loop with torch.randn inputs -> 200 steps cycling over 7 fixed inputs; `.to(device='cuda')` dropped and the float64 call made on CPU with a 4-element input and the missing `act` argument ('relu') supplied (the note's call passes 5 elements and no `act`).
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

class MyLinear(nn.Module):
  def __init__(self, in_features, out_features):
    super().__init__()
    self.weight = nn.Parameter(fixed(in_features, out_features, seed=10 * in_features + out_features))
    self.bias = nn.Parameter(fixed(out_features, seed=100 + out_features))

  def forward(self, input):
    return (input @ self.weight) + self.bias

m = MyLinear(4, 3)
sample_input = fixed(4, seed=1)
print(m(sample_input))

for parameter in m.named_parameters():
  print(parameter)

net = nn.Sequential(
  MyLinear(4, 3),
  nn.ReLU(),
  MyLinear(3, 1)
)

sample_input = fixed(4, seed=2)
print(net(sample_input))

import torch.nn.functional as F

class Net(nn.Module):
  def __init__(self):
    super().__init__()
    self.l0 = MyLinear(4, 3)
    self.l1 = MyLinear(3, 1)
  def forward(self, x):
    x = self.l0(x)
    x = F.relu(x)
    x = self.l1(x)
    return x

net = Net()
for child in net.named_children():
  print(child)

class BigNet(nn.Module):
  def __init__(self):
    super().__init__()
    self.l1 = MyLinear(5, 4)
    self.net = Net()
  def forward(self, x):
    return self.net(self.l1(x))

big_net = BigNet()
for module in big_net.named_modules():
  print(module)

class DynamicNet(nn.Module):
  def __init__(self, num_layers):
    super().__init__()
    self.linears = nn.ModuleList(
      [MyLinear(4, 4) for _ in range(num_layers)])
    self.activations = nn.ModuleDict({
      'relu': nn.ReLU(),
      'lrelu': nn.LeakyReLU()
    })
    self.final = MyLinear(4, 1)
  def forward(self, x, act):
    for linear in self.linears:
      x = linear(x)
    x = self.activations[act](x)
    x = self.final(x)
    return x

dynamic_net = DynamicNet(3)
sample_input = fixed(4, seed=3)
output = dynamic_net(sample_input, 'relu')
print(output)  # (added)

for parameter in dynamic_net.named_parameters():
  print(parameter)

# Change precision of all parameters
dynamic_net.to(dtype=torch.float64)

print(dynamic_net(fixed(4, seed=4).to(torch.float64), 'relu'))

# Define a function to initialize Linear weights.
# Note that no_grad() is used here to avoid tracking this computation in the autograd graph.
@torch.no_grad()
def init_weights(m):
  if isinstance(m, nn.Linear):
    nn.init.xavier_normal_(m.weight)
    m.bias.fill_(0.0)

# Apply the function recursively on the module and its submodules.
dynamic_net.apply(init_weights)

# Create the network (from previous section) and optimizer
net = Net()
optimizer = torch.optim.SGD(net.parameters(), lr=1e-4, weight_decay=1e-2, momentum=0.9)

# Run a sample training loop that "teaches" the network
# to output the constant zero function
inputs = [fixed(4, seed=20 + k) for k in range(7)]
for step in range(200):
  input = inputs[step % 7]
  output = net(input)
  loss = torch.abs(output)
  net.zero_grad()
  loss.backward()
  optimizer.step()

print(net.l1.weight)

class ModalModule(nn.Module):
  def __init__(self):
    super().__init__()

  def forward(self, x):
    if self.training:
      # Add a constant only in training mode.
      return x + 1.
    else:
      return x


m = ModalModule()
x = fixed(4, seed=5)

print('training mode output: {}'.format(m(x)))

m.eval()
print('evaluation mode output: {}'.format(m(x)))

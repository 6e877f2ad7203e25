# Source: pytorch/pytorch/docs/source/notes/modules.rst (sections "Module State" and "Module Initialization"; https://pytorch.org/docs/1.13/notes/modules.html)
# Changed: code blocks joined into one script with the shown outputs printed; torch.randn tensors replaced by fixed() values and the nn.Linear inside StatefulModule given fixed weights; files go to a tempfile.TemporaryDirectory instead of the working directory; `device='cuda'` arguments dropped (CPU only); the Net of the previous section is redefined here with fixed weights.
import os
import tempfile
import torch
from torch import nn
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

tmp = tempfile.TemporaryDirectory()

class MyLinear(nn.Module):
  def __init__(self, in_features, out_features):
    super().__init__()
    self.weight = nn.Parameter(fixed(in_features, out_features, seed=10 * in_features + out_features))
    self.bias = nn.Parameter(fixed(out_features, seed=100 + out_features))

  def forward(self, input):
    return (input @ self.weight) + self.bias

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

# Save the module
torch.save(net.state_dict(), os.path.join(tmp.name, 'net.pt'))

# Load the module later on
new_net = Net()
print(new_net.load_state_dict(torch.load(os.path.join(tmp.name, 'net.pt'))))


class RunningMean(nn.Module):
  def __init__(self, num_features, momentum=0.9):
    super().__init__()
    self.momentum = momentum
    self.register_buffer('mean', torch.zeros(num_features))
  def forward(self, x):
    self.mean = self.momentum * self.mean + (1.0 - self.momentum) * x
    return self.mean

m = RunningMean(4)
for k in range(10):
  input = fixed(4, seed=k)
  m(input)

print(m.state_dict())

# Serialized form will contain the 'mean' tensor
torch.save(m.state_dict(), os.path.join(tmp.name, 'mean.pt'))

m_loaded = RunningMean(4)
m_loaded.load_state_dict(torch.load(os.path.join(tmp.name, 'mean.pt')))
assert(torch.all(m.mean == m_loaded.mean))

# Moves all module parameters and buffers to the specified device / dtype
m.to(dtype=torch.float64)

for buffer in m.named_buffers():
  print(buffer)


class StatefulModule(nn.Module):
  def __init__(self):
    super().__init__()
    # Setting a nn.Parameter as an attribute of the module automatically registers the tensor
    # as a parameter of the module.
    self.param1 = nn.Parameter(fixed(2, seed=1))

    # Alternative string-based way to register a parameter.
    self.register_parameter('param2', nn.Parameter(fixed(3, seed=2)))

    # Reserves the "param3" attribute as a parameter, preventing it from being set to anything
    # except a parameter. "None" entries like this will not be present in the module's state_dict.
    self.register_parameter('param3', None)

    # Registers a list of parameters.
    self.param_list = nn.ParameterList([nn.Parameter(fixed(2, seed=10 + i)) for i in range(3)])

    # Registers a dictionary of parameters.
    self.param_dict = nn.ParameterDict({
      'foo': nn.Parameter(fixed(3, seed=3)),
      'bar': nn.Parameter(fixed(4, seed=4))
    })

    # Registers a persistent buffer (one that appears in the module's state_dict).
    self.register_buffer('buffer1', fixed(4, seed=5), persistent=True)

    # Registers a non-persistent buffer (one that does not appear in the module's state_dict).
    self.register_buffer('buffer2', fixed(5, seed=6), persistent=False)

    # Reserves the "buffer3" attribute as a buffer, preventing it from being set to anything
    # except a buffer. "None" entries like this will not be present in the module's state_dict.
    self.register_buffer('buffer3', None)

    # Adding a submodule registers its parameters as parameters of the module.
    self.linear = nn.Linear(2, 3)
    init_fixed(self.linear, seed=7)  # (added)

m = StatefulModule()

# Save and load state_dict.
torch.save(m.state_dict(), os.path.join(tmp.name, 'state.pt'))
m_loaded = StatefulModule()
m_loaded.load_state_dict(torch.load(os.path.join(tmp.name, 'state.pt')))

# Note that non-persistent buffer "buffer2" and reserved attributes "param3" and "buffer3" do
# not appear in the state_dict.
print(m_loaded.state_dict())


# Initialize module with 16-bit floating point parameters.
m = nn.Linear(5, 3, dtype=torch.half)
print(m.weight.dtype)  # (added)

# Skip default parameter initialization and perform custom (e.g. orthogonal) initialization.
m = torch.nn.utils.skip_init(nn.Linear, 5, 3)
nn.init.orthogonal_(m.weight)
print(m)  # (added)

m = nn.BatchNorm2d(3, dtype=torch.half)
print(m.running_mean)

# nn.LazyLinear: UninitializedParameter until the first forward infers in_features,
# then an ordinary Linear; state_dict of a lazy module, loading into one.
import torch
from torch import nn
from torch.nn.parameter import UninitializedParameter, is_lazy

lazy = nn.LazyLinear(3)
print(lazy)
print(lazy.weight, lazy.bias, type(lazy.weight).__name__, lazy.weight.requires_grad)
print(isinstance(lazy.weight, nn.Parameter), isinstance(lazy.weight, UninitializedParameter), is_lazy(lazy.bias))
print(lazy.has_uninitialized_params(), [name for name, _ in lazy.named_parameters()])
try:
    lazy.weight.shape
except RuntimeError as e:
    print("RuntimeError:", e)
print(lazy.state_dict())

x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
y = lazy(x)
print(type(lazy).__name__, lazy)
print(type(lazy.weight).__name__, lazy.weight.shape, lazy.bias.shape, y.shape, y.grad_fn.name())
print(hasattr(lazy, "_initialize_hook"), len(lazy._forward_pre_hooks))
with torch.no_grad():
    lazy.weight.copy_(torch.tensor([[1.0, 0.0], [0.5, -1.0], [2.0, 2.0]]))
    lazy.bias.fill_(0.25)
out = lazy(x)
print(out)
out.sum().backward()
print(lazy.weight.grad, lazy.bias.grad)

# Without bias, in float64; in a Sequential.
net = nn.Sequential(nn.LazyLinear(4, bias=False, dtype=torch.float64), nn.ReLU(), nn.LazyLinear(1, dtype=torch.float64))
print(net)
net(torch.ones(5, 6, dtype=torch.float64))
print(net[0], net[0].weight.dtype, net[0].bias)
print(net[2], [tuple(p.shape) for p in net.parameters()])

# Loading a state_dict gives the lazy parameters their shapes; the class stays lazy
# until a forward call.
source = nn.Linear(2, 3)
with torch.no_grad():
    source.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    source.bias.copy_(torch.tensor([0.5, 0.0, -0.5]))
clone = nn.LazyLinear(3)
print(clone.load_state_dict(source.state_dict()))
print(type(clone).__name__, clone, clone.has_uninitialized_params())
print(clone.weight)
print(clone(x))
print(type(clone).__name__, clone)


class NotLazyEnough(nn.modules.lazy.LazyModuleMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = UninitializedParameter()

    def forward(self, input):
        return input


try:
    NotLazyEnough()(x)
except NotImplementedError as e:
    print("NotImplementedError:", e)

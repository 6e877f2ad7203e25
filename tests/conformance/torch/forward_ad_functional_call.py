# torch.nn.utils.stateless.functional_call (PyTorch 1.13's location): a module called
# with other tensors in place of its parameters and buffers, here dual tensors for a
# jvp with respect to the parameters; the module itself is left untouched.
import torch
import torch.nn as nn
import torch.autograd.forward_ad as fwAD
from torch.nn.utils.stateless import functional_call


def filled(*shape, scale=1.0, shift=0.0):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor([((i * 5 + 2) % 9 - 4) * scale + shift for i in range(n)],
                        dtype=torch.float64).reshape(shape)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 2)
        self.register_buffer("offset", torch.zeros(2, dtype=torch.float64))

    def forward(self, x):
        return self.fc2(self.fc1(x).sigmoid()) + self.offset


net = Net().double()
with torch.no_grad():
    for k, (name, p) in enumerate(net.named_parameters()):
        p.copy_(filled(*p.shape, scale=0.1 * (k + 1), shift=0.05))
x = filled(5, 3, scale=0.3)

params = dict(net.named_parameters())
tangents = {name: filled(*p.shape, scale=0.02, shift=0.1) for name, p in params.items()}

print(functional_call(net, params, (x,)))
print(functional_call(net, {"offset": torch.ones(2, dtype=torch.float64)}, x))
print(type(net).__name__, hasattr(net, "_orig_class"))

with fwAD.dual_level():
    duals = {name: fwAD.make_dual(p, tangents[name]) for name, p in params.items()}
    out = functional_call(net, duals, (x,))
    jvp = fwAD.unpack_dual(out).tangent
print(jvp.tolist())
print(out.grad_fn.name(), jvp.grad_fn.name())

# The same jvp by putting the dual tensors on the module itself.
with fwAD.dual_level():
    for name, p in params.items():
        owner_name, attr = name.rsplit(".", 1)
        owner = getattr(net, owner_name)
        delattr(owner, attr)
        setattr(owner, attr, fwAD.make_dual(p, tangents[name]))
    jvp2 = fwAD.unpack_dual(net(x)).tangent
print(torch.equal(jvp, jvp2), [n for n, _ in net.named_parameters()])


# A module that assigns to a replaced buffer writes into the given dict.
class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(()))

    def forward(self, x):
        self.count = self.count + 1
        return x * self.count


counter = Counter()
state = {"count": torch.tensor(5.0)}
print(functional_call(counter, state, torch.tensor([1.0, 2.0])), state["count"], counter.count)

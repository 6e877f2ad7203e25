# Source: pytorch/tutorials/intermediate_source/autograd_saved_tensors_hooks_tutorial.py (first half: "Saved tensors" .. "Saving tensors to CPU")
# Changed: torch.randn tensors replaced by fixed tensors; random nn.Parameter/nn.Linear init replaced by fixed values; a few prints marked "(added)" so the results are visible; prose trimmed. The second half of the tutorial is tut_saved_tensors_hooks_disk.py.
"""
Hooks for autograd saved tensors
================================
"""

import torch

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

######################################################################
# Saved tensors
# -------------

a = torch.tensor([0.5, -1.25, 2.0, 0.75, -0.3], requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b

print(y.grad_fn._saved_self)
print(y.grad_fn._saved_other)


def f(x):
    return x * x

x = torch.tensor([1.5, -0.5, 0.25, 1.0, -2.0], requires_grad=True)
y = f(f(f(x)))


######################################################################
# The concept of packing / unpacking
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

a = torch.tensor([0.1, 0.2, -0.3, 0.4, -0.5], requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b

print(y.grad_fn._saved_self is a)   # True
print(y.grad_fn._saved_other is b)  # True


a = torch.tensor([0.3, -0.7, 1.1, 0.0, 2.5], requires_grad=True)
y = torch.exp(a)
print(y.grad_fn._saved_result.equal(y))  # True
print(y.grad_fn._saved_result is y)      # False


######################################################################
# Saved tensors hooks
# -------------------

def pack_hook(x):
    print("Packing", x)
    return x

def unpack_hook(x):
    print("Unpacking", x)
    return x
a = torch.ones(5, requires_grad=True)
b = torch.ones(5, requires_grad=True) * 2

with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b

y.sum().backward()


x = torch.tensor([0.5, 1.5, -2.5, 3.0, -0.25], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda x: x * 4, lambda x: x / 4):
    y = torch.pow(x, 2)
y.sum().backward()
assert(x.grad.equal(2 * x))
print(x.grad)  # (added)


######################################################################
# **Returning and int**

storage = []

def pack(x):
    storage.append(x)
    return len(storage) - 1

def unpack(x):
    return storage[x]

x = torch.tensor([1.0, -2.0, 3.0, -4.0, 5.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * x
y.sum().backward()

assert(x.grad.equal(2 * x))
print(len(storage), x.grad)  # (added)

######################################################################
# **Returning a tuple**

def pack(x):
    delta = fixed(*x.size(), seed=7)
    return x - delta, lambda x: x + delta

def unpack(packed):
    x, f = packed
    return f(x)


x = torch.tensor([0.2, 0.4, 0.6, 0.8, 1.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * x
y.sum().backward()

assert(torch.allclose(x.grad, 2 * x))
print(torch.allclose(x.grad, 2 * x))  # (added)

######################################################################
# **Returning a str**

x = torch.tensor([-0.6, 0.35, 1.2, -1.7, 0.05], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda x: repr(x), lambda x: eval("torch." + x)):
    y = x * x
y.sum().backward()
assert(torch.all(x.grad - 2 * x <= 1e-4))
print(x.grad)  # (added)


######################################################################
# Saving tensors to CPU
# ~~~~~~~~~~~~~~~~~~~~~

def pack_hook(x):
    return (x.device, x.cpu())

def unpack_hook(packed):
    device, tensor = packed
    return tensor.to(device)

x = torch.tensor([3.0, 1.0, -1.0, -3.0, 0.5], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * x
y.sum().backward()

torch.allclose(x.grad, (2 * x))
print(torch.allclose(x.grad, (2 * x)))  # (added)


import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([0.5, -0.5, 1.5, -1.5, 2.0]))

    def forward(self, x):
        with torch.autograd.graph.save_on_cpu(pin_memory=True):
            # some computation
            return self.w * x

x = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
model = Model()
loss = model(x).sum()
loss.backward()
print(loss, model.w.grad)  # (added)


class SaveToCpu(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        with torch.autograd.graph.save_on_cpu(pin_memory=True):
            return self.module(*args, **kwargs)

model = nn.Sequential(
    nn.Linear(10, 100),
    SaveToCpu(nn.Linear(100, 100)),
    nn.Linear(100, 10),
)
init_fixed(model, seed=3)  # (added)

x = fixed(10, seed=4)
loss = model(x).sum()
loss.backward()
print(loss)  # (added)
print(model[1].module.bias.grad[:5])  # (added)

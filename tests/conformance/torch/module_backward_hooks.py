# nn.Module backward hooks: register_full_backward_hook (grad_input / grad_output,
# replacing grad_input, errors) and the legacy register_backward_hook with its warnings.
import warnings

import torch
from torch import nn


def show(name):
    def hook(module, grad_input, grad_output):
        print(name, type(module).__name__, "grad_input", grad_input, "grad_output", grad_output)
    return hook


def attempt(label, fn):
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)


lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]]))
    lin.bias.copy_(torch.tensor([0.1, -0.2]))
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]], requires_grad=True)

handle = lin.register_full_backward_hook(show("full"))
out = lin(x)
print(out.grad_fn.name(), out.grad_fn.next_functions[0][0].name())
out.sum().backward()
print(x.grad)
handle.remove()
x.grad = None
lin(x).sum().backward()
print(x.grad, len(lin._backward_hooks))

# A hook that returns a new grad_input; hooks run in registration order.
x.grad = None
h1 = lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 10,))
h2 = lin.register_full_backward_hook(show("second"))
(lin(x) * torch.tensor([1.0, 2.0])).sum().backward()
print(x.grad)
h1.remove()
h2.remove()

# The wrong number of grad_input
lin.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))
attempt("two grad_inputs", lambda: lin(x).sum().backward())
attempt("legacy on full", lambda: lin.register_backward_hook(show("legacy")))


# Several inputs, one of them not a tensor, one not requiring grad; tuple outputs.
class Mix(nn.Module):
    def forward(self, a, scale, b):
        return a * scale + b, a * b


mix = Mix()
mix.register_full_backward_hook(show("mix"))
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, -1.0])
p, q = mix(a, 2.0, b)
print(p.grad_fn.name(), q.grad_fn.name())
(p.sum() + (q * q).sum()).backward()
print(a.grad)
# Only the first output used: the other's grad_output is None.
a.grad = None
p, q = mix(a, 3.0, b)
p.sum().backward()
print(a.grad)

# No input requires grad: the hook still runs, with grad_input all None.
free = nn.Linear(2, 1)
with torch.no_grad():
    free.weight.copy_(torch.tensor([[2.0, -3.0]]))
    free.bias.zero_()
free.register_full_backward_hook(show("free"))
free(torch.tensor([[1.0, 1.0]])).sum().backward()
print(free.weight.grad)
free2 = nn.Linear(2, 1)
free2.register_full_backward_hook(lambda m, gi, go: (torch.ones(1, 2),))
attempt("no input grad", lambda: free2(torch.tensor([[1.0, 1.0]])).sum().backward())

# Under no_grad nothing is wrapped.
with torch.no_grad():
    print(mix(a, 1.0, b)[0].grad_fn)

# Nested modules: the inner hook runs before the outer one.
seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
with torch.no_grad():
    seq[0].weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
    seq[0].bias.copy_(torch.tensor([0.0, -3.0]))
seq.register_full_backward_hook(show("seq"))
seq[1].register_full_backward_hook(show("relu"))
seq[0].register_full_backward_hook(show("linear"))
z = torch.tensor([[1.0, 2.0]], requires_grad=True)
seq(z).sum().backward()
print(z.grad)

# The legacy hook: called on the grad_fn of the output, with that node's gradients.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    legacy = nn.Linear(3, 2, bias=False)
    with torch.no_grad():
        legacy.weight.copy_(torch.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]]))
    legacy.register_backward_hook(show("legacy"))
    attempt("full on legacy", lambda: legacy.register_full_backward_hook(show("full")))
    legacy(x).sum().backward()
    relu = nn.ReLU()
    relu.register_backward_hook(show("legacy relu"))
    relu(legacy(x)).sum().backward()
    mix2 = Mix()
    mix2.register_backward_hook(show("legacy mix"))
    p, q = mix2(a, 2.0, b)
    p.sum().backward()
for w in caught:
    print(w.category.__name__, w.message)

# Global full backward hooks run before the module's own.
handle = nn.modules.module.register_module_full_backward_hook(show("global"))
tanh = nn.Tanh()
tanh.register_full_backward_hook(show("tanh"))
t = torch.tensor([0.0, 1.0], requires_grad=True)
tanh(t).sum().backward()
attempt("global legacy", lambda: nn.modules.module.register_module_backward_hook(show("g")))
handle.remove()
tanh(t).sum().backward()
print(t.grad)

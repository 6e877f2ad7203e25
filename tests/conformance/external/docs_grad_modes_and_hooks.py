# Source: pytorch/pytorch docstring examples of torch.no_grad, torch.enable_grad, torch.set_grad_enabled, torch.inference_mode (torch/autograd/grad_mode.py) and torch.Tensor.register_hook (torch/_tensor.py), plus the requires_grad example of docs/source/notes/autograd.rst (https://pytorch.org/docs/1.13/notes/autograd.html)
# Changed: doctest sessions turned into a script that prints each shown value; torch.randn tensors replaced by fixed ones; the expected RuntimeError of `y._version` is caught and its message printed; the set_grad_enabled(False) of the docstring is undone at the end of its block (added) so later examples run in grad mode.
import torch

# --- notes/autograd.rst: requires_grad ---
x = torch.tensor([[0.5, -1.0], [2.0, 0.25]])  # requires_grad=False by default
y = torch.tensor([[1.5, 0.0], [-0.5, 3.0]])  # requires_grad=False by default
z = torch.tensor([[0.1, 0.2], [0.3, 0.4]], requires_grad=True)
a = x + y
print(a.requires_grad)
b = a + z
print(b.requires_grad)

# --- torch.no_grad ---
x = torch.tensor([1.], requires_grad=True)
with torch.no_grad():
  y = x * 2
print(y.requires_grad)
@torch.no_grad()
def doubler(x):
    return x * 2
z = doubler(x)
print(z.requires_grad)

# --- torch.enable_grad ---
x = torch.tensor([1.], requires_grad=True)
with torch.no_grad():
  with torch.enable_grad():
    y = x * 2
print(y.requires_grad)
y.backward()
print(x.grad)
@torch.enable_grad()
def doubler(x):
    return x * 2
with torch.no_grad():
    z = doubler(x)
print(z.requires_grad)

# --- torch.set_grad_enabled ---
x = torch.tensor([1.], requires_grad=True)
is_train = False
with torch.set_grad_enabled(is_train):
  y = x * 2
print(y.requires_grad)
_ = torch.set_grad_enabled(True)
y = x * 2
print(y.requires_grad)
_ = torch.set_grad_enabled(False)
y = x * 2
print(y.requires_grad)
_ = torch.set_grad_enabled(True)  # (added)

# --- torch.inference_mode ---
x = torch.ones(1, 2, 3, requires_grad=True)
with torch.inference_mode():
  y = x * x
print(y.requires_grad)
try:
    y._version
except RuntimeError as e:
    print("RuntimeError:", e)
@torch.inference_mode()
def func(x):
  return x * x
out = func(x)
print(out.requires_grad)

# --- torch.Tensor.register_hook ---
v = torch.tensor([0., 0., 0.], requires_grad=True)
h = v.register_hook(lambda grad: grad * 2)  # double the gradient
v.backward(torch.tensor([1., 2., 3.]))
print(v.grad)
h.remove()  # removes the hook
v.backward(torch.tensor([1., 2., 3.]))  # (added) without the hook
print(v.grad)

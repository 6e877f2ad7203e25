# Source: pytorch/pytorch/torch/autograd/functional.py (docstring examples of jacobian, hessian, vjp, jvp, hvp, vhp; https://pytorch.org/docs/1.13/autograd.html#functional-higher-level-api)
# Changed: doctest sessions turned into a script printing each result; torch.rand inputs replaced by fixed tensors in [0, 1).
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp

# jacobian
def exp_reducer(x):
  return x.exp().sum(dim=1)
inputs = torch.tensor([[0.4, 0.89], [0.05, 0.77]])
print(jacobian(exp_reducer, inputs))

print(jacobian(exp_reducer, inputs, create_graph=True))

def exp_adder(x, y):
  return 2 * x.exp() + 3 * y
inputs = (torch.tensor([0.34, 0.53]), torch.tensor([0.9, 0.11]))
print(jacobian(exp_adder, inputs))

# hessian
def pow_reducer(x):
  return x.pow(3).sum()
inputs = torch.tensor([[0.87, 0.8], [0.32, 0.54]])
print(hessian(pow_reducer, inputs))

print(hessian(pow_reducer, inputs, create_graph=True))

def pow_adder_reducer(x, y):
  return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.tensor([0.2, 0.7]), torch.tensor([0.35, 0.95]))
print(hessian(pow_adder_reducer, inputs))

# vjp
inputs = torch.tensor([[0.37, 0.33, 0.27, 0.49],
                       [0.76, 0.06, 0.44, 0.92],
                       [0.79, 0.12, 0.13, 0.27],
                       [0.28, 0.51, 0.57, 0.70]])
v = torch.ones(4)
print(vjp(exp_reducer, inputs, v))

print(vjp(exp_reducer, inputs, v, create_graph=True))

def adder(x, y):
  return 2 * x + 3 * y
inputs = (torch.tensor([0.61, 0.25]), torch.tensor([0.4, 0.6]))
v = torch.ones(2)
print(vjp(adder, inputs, v))

# jvp
inputs = torch.tensor([[0.15, 0.52, 0.9, 0.33],
                       [0.01, 0.48, 0.26, 0.62],
                       [0.72, 0.95, 0.08, 0.44],
                       [0.58, 0.19, 0.83, 0.67]])
v = torch.ones(4, 4)
print(jvp(exp_reducer, inputs, v))

print(jvp(exp_reducer, inputs, v, create_graph=True))

inputs = (torch.tensor([0.3, 0.45]), torch.tensor([0.55, 0.5]))
v = (torch.ones(2), torch.ones(2))
print(jvp(adder, inputs, v))

# hvp
inputs = torch.tensor([[0.58, 0.52], [0.65, 0.49]])
v = torch.ones(2, 2)
print(hvp(pow_reducer, inputs, v))

print(hvp(pow_reducer, inputs, v, create_graph=True))

inputs = (torch.tensor([0.44, 0.91]), torch.tensor([0.12, 0.63]))
v = (torch.zeros(2), torch.ones(2))
print(hvp(pow_adder_reducer, inputs, v))

# vhp
inputs = torch.tensor([[0.42, 0.46], [0.72, 0.86]])
v = torch.ones(2, 2)
print(vhp(pow_reducer, inputs, v))
print(vhp(pow_reducer, inputs, v, create_graph=True))
inputs = (torch.tensor([0.81, 0.28]), torch.tensor([0.64, 0.77]))
v = (torch.zeros(2), torch.ones(2))
print(vhp(pow_adder_reducer, inputs, v))

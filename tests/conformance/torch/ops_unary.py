# Unary math ops: values, grad_fn names and gradients.
import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
for name in ["exp", "log", "sqrt", "rsqrt", "abs", "sin", "cos", "tanh", "sigmoid", "relu", "neg", "reciprocal"]:
    y = getattr(x, name)()
    g, = torch.autograd.grad(y.sum(), x)
    print(name, y, g)
print(torch.exp(x), torch.log(x), torch.sqrt(x))
print(torch.abs(torch.tensor([-1.5, 0.0, 2.0])))
print(torch.relu(torch.tensor([-1.0, 0.0, 1.0])), torch.sigmoid(torch.tensor(0.0)), torch.tanh(torch.tensor(0.0)))
print(torch.rsqrt(torch.tensor(4.0)), torch.reciprocal(torch.tensor([2.0, 4.0])))
print(torch.sin(torch.tensor(0.0)), torch.cos(torch.tensor(0.0)))

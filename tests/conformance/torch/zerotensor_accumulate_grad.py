# A ZeroTensor gradient (1.13's sgn backward of a real tensor) reaching a leaf's .grad:
# AccumulateGrad steals it (x.grad is the ZeroTensor), refuses to add into it later
# (ZeroTensors are immutable), adds it into an existing .grad in place (-0. + 0. is 0.)
# or, under create_graph, out of place (the other operand unchanged).
import torch


def zero_grad_graph():
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    g, = torch.autograd.grad(x.abs().sum(), x, create_graph=True)
    return x, g


x, g = zero_grad_graph()
g.sum().backward()
print("stolen", x.grad, x.grad._is_zerotensor(), x.grad._version)
try:
    print(x.grad.tolist())
except Exception as e:
    print(type(e).__name__, e)
try:
    g2, = torch.autograd.grad(x.abs().sum(), x, create_graph=True)
    g2.sum().backward()
    print("second", x.grad)
except Exception as e:
    print(type(e).__name__, e)
x.grad = None
x, g = zero_grad_graph()
x.grad = torch.tensor([-0.0, 1.0, -0.0])
g.sum().backward()
print("into existing", x.grad.tolist(), x.grad._is_zerotensor())

x, g = zero_grad_graph()
x.grad = torch.tensor([-0.0, 1.0, -0.0])
g.sum().backward(create_graph=True)
print("into existing, create_graph", x.grad.tolist(), x.grad._is_zerotensor())
x.grad = None

x, g = zero_grad_graph()
g.sum().backward(create_graph=True)
print("create_graph", x.grad, x.grad._is_zerotensor(), x.grad.requires_grad, x.grad._version)
x.grad = None

x, g = zero_grad_graph()
y = g.sum() + (x * -0.0).sum()
y.backward()
print("two paths", x.grad.tolist(), x.grad._is_zerotensor())

x, g = zero_grad_graph()
m = x * 3
gm, = torch.autograd.grad(m.abs().sum(), x, create_graph=True)
ggm, = torch.autograd.grad(gm.sum(), x)
print("through mul", ggm, ggm._is_zerotensor())
try:
    print(ggm.tolist())
except Exception as e:
    print(type(e).__name__, e)

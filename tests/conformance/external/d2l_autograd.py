# Source: d2l-ai/d2l-en/chapter_preliminaries/autograd.md (PyTorch tab; https://d2l.ai/chapter_preliminaries/autograd.html)
# Changed: notebook cells joined into one script and each cell's displayed value wrapped in print(); a = torch.randn(size=()) replaced by a fixed scalar.
import torch

x = torch.arange(4.0)
print(x)

# Can also create x = torch.arange(4.0, requires_grad=True)
x.requires_grad_(True)
print(x.grad)  # The gradient is None by default

y = 2 * torch.dot(x, x)
print(y)

y.backward()
print(x.grad)

print(x.grad == 4 * x)

x.grad.zero_()  # Reset the gradient
y = x.sum()
y.backward()
print(x.grad)

x.grad.zero_()
y = x * x
y.backward(gradient=torch.ones(len(y)))  # Faster: y.sum().backward()
print(x.grad)

x.grad.zero_()
y = x * x
u = y.detach()
z = u * x

z.sum().backward()
print(x.grad == u)

x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)

def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c

a = torch.tensor(-0.6129, requires_grad=True)
d = f(a)
d.backward()

print(a.grad == d / a)
print(a.grad, d)  # (added)

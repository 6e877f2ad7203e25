# Source: pytorch/tutorials/beginner_source/examples_autograd/polynomial_autograd.py
# Changed: torch.accelerator device selection replaced by CPU (and its "Using cpu device" print kept); torch.randn(()) weights replaced by fixed scalars; 2000 iterations -> 500; docstring trimmed; gradient reset uses the earlier revision's `a.grad = None` (the newest revision assigns floats to .grad, which 1.13 rejects).
"""
PyTorch: Tensors and autograd
-------------------------------
A third order polynomial, trained to predict y=sin(x) from -pi to pi by
minimizing squared Euclidean distance, using autograd for the gradients.
"""
import torch
import math

dtype = torch.float
device = "cpu"
print(f"Using {device} device")

# Create Tensors to hold input and outputs.
# By default, requires_grad=False, which indicates that we do not need to
# compute gradients with respect to these Tensors during the backward pass.
x = torch.linspace(-math.pi, math.pi, 2000, dtype=dtype)
y = torch.sin(x)

# Create random Tensors for weights (fixed values here). For a third order
# polynomial, we need 4 weights: y = a + b x + c x^2 + d x^3
# Setting requires_grad=True indicates that we want to compute gradients with
# respect to these Tensors during the backward pass.
a = torch.tensor(-0.2, dtype=dtype, requires_grad=True)
b = torch.tensor(0.6, dtype=dtype, requires_grad=True)
c = torch.tensor(0.3, dtype=dtype, requires_grad=True)
d = torch.tensor(-0.05, dtype=dtype, requires_grad=True)

learning_rate = 1e-6
for t in range(500):
    # Forward pass: compute predicted y using operations on Tensors.
    y_pred = a + b * x + c * x ** 2 + d * x ** 3

    # Compute and print loss using operations on Tensors.
    # Now loss is a Tensor of shape (1,)
    # loss.item() gets the scalar value held in the loss.
    loss = (y_pred - y).pow(2).sum()
    if t % 100 == 99:
        print(t, loss.item())

    # Use autograd to compute the backward pass. This call will compute the
    # gradient of loss with respect to all Tensors with requires_grad=True.
    loss.backward()

    # Manually update weights using gradient descent. Wrap in torch.no_grad()
    # because weights have requires_grad=True, but we don't need to track this
    # in autograd.
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad

        # Manually zero the gradients after updating weights
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None

print(f'Result: y = {a.item()} + {b.item()} x + {c.item()} x^2 + {d.item()} x^3')

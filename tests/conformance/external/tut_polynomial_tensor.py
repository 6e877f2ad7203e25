# Source: pytorch/tutorials/beginner_source/examples_tensor/polynomial_tensor.py
# Changed: torch.randn(()) weights replaced by fixed scalars; 2000 iterations -> 500; docstring trimmed.
# -*- coding: utf-8 -*-
"""
PyTorch: Tensors
----------------
A third order polynomial, trained to predict y=sin(x) from -pi to pi by
minimizing squared Euclidean distance, with manually computed gradients.
"""

import math
import torch


dtype = torch.float
device = torch.device("cpu")
# device = torch.device("cuda:0") # Uncomment this to run on GPU

# Create random input and output data
x = torch.linspace(-math.pi, math.pi, 2000, device=device, dtype=dtype)
y = torch.sin(x)

# Randomly initialize weights (fixed values here)
a = torch.tensor(0.4963, device=device, dtype=dtype)
b = torch.tensor(-0.7682, device=device, dtype=dtype)
c = torch.tensor(0.0885, device=device, dtype=dtype)
d = torch.tensor(0.1320, device=device, dtype=dtype)

learning_rate = 1e-6
for t in range(500):
    # Forward pass: compute predicted y
    y_pred = a + (b * x) + (c * x.pow(2)) + (d * x.pow(3))

    # Compute and print loss
    loss = (y_pred - y).pow(2).sum().item()
    if t % 100 == 99:
        print(t, loss)

    # Backprop to compute gradients of a, b, c, d with respect to loss
    grad_y_pred = -2.0 * (y - y_pred)
    grad_a = grad_y_pred.sum()
    grad_b = torch.matmul(input=grad_y_pred, other=x).sum()
    grad_c = torch.matmul(input=grad_y_pred, other=x.pow(2)).sum()
    grad_d = torch.matmul(input=grad_y_pred, other=x.pow(3)).sum()

    # Update weights using gradient descent
    a -= learning_rate * grad_a
    b -= learning_rate * grad_b
    c -= learning_rate * grad_c
    d -= learning_rate * grad_d


print(f'Result: y = {a.item()} + {b.item()} x + {c.item()} x^2 + {d.item()} x^3')

# Source: pytorch/tutorials/beginner_source/examples_autograd/two_layer_net_autograd.py
# Changed: torch.randn inputs/weights replaced by a fixed deterministic formula (fixed()); 500 iterations -> 50, printing every 10th instead of every 100th; docstring trimmed.
# -*- coding: utf-8 -*-
"""
PyTorch: Tensors and autograd
-------------------------------
A fully-connected ReLU network with one hidden layer and no biases, trained to
predict y from x by minimizing squared Euclidean distance.
"""
import torch


# Deterministic stand-in for torch.randn (added for the yardstick).
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


dtype = torch.float
device = torch.device("cpu")
# device = torch.device("cuda:0") # Uncomment this to run on GPU

# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10

# Create random Tensors to hold input and outputs.
x = fixed(N, D_in, seed=1, scale=1.7).to(device=device, dtype=dtype)
y = fixed(N, D_out, seed=2, scale=1.7).to(device=device, dtype=dtype)

# Create random Tensors for weights.
w1 = fixed(D_in, H, seed=3, scale=1.7).to(device=device, dtype=dtype).requires_grad_()
w2 = fixed(H, D_out, seed=4, scale=1.7).to(device=device, dtype=dtype).requires_grad_()

learning_rate = 1e-6
for t in range(50):
    # Forward pass: compute predicted y using operations on Tensors.
    y_pred = x.mm(w1).clamp(min=0).mm(w2)

    # Compute and print loss using operations on Tensors.
    loss = (y_pred - y).pow(2).sum()
    if t % 10 == 9:
        print(t, loss.item())

    # Use autograd to compute the backward pass.
    loss.backward()

    # Manually update weights using gradient descent. Wrap in torch.no_grad()
    # because weights have requires_grad=True, but we don't need to track this
    # in autograd.
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad

        # Manually zero the gradients after updating weights
        w1.grad.zero_()
        w2.grad.zero_()

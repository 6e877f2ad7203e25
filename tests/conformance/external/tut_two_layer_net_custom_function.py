# Source: pytorch/tutorials/beginner_source/examples_autograd/two_layer_net_custom_function.py
# Changed: torch.randn inputs/weights replaced by a fixed deterministic formula (fixed()); 500 iterations -> 30; docstrings trimmed.
# -*- coding: utf-8 -*-
"""
PyTorch: Defining new autograd functions
----------------------------------------
A fully-connected ReLU network with one hidden layer and no biases, with a
custom autograd Function implementing the ReLU.
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


class MyReLU(torch.autograd.Function):
    """
    We can implement our own custom autograd Functions by subclassing
    torch.autograd.Function and implementing the forward and backward passes
    which operate on Tensors.
    """

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


dtype = torch.float
device = torch.device("cpu")
# dtype = torch.device("cuda:0") # Uncomment this to run on GPU

# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10

# Create random Tensors to hold input and outputs.
x = fixed(N, D_in, seed=5, scale=1.7).to(device=device, dtype=dtype)
y = fixed(N, D_out, seed=6, scale=1.7).to(device=device, dtype=dtype)

# Create random Tensors for weights.
w1 = fixed(D_in, H, seed=7, scale=1.7).to(device=device, dtype=dtype).requires_grad_()
w2 = fixed(H, D_out, seed=8, scale=1.7).to(device=device, dtype=dtype).requires_grad_()

learning_rate = 1e-6
for t in range(30):
    # To apply our Function, we use Function.apply method. We alias this as 'relu'.
    relu = MyReLU.apply

    # Forward pass: compute predicted y using operations; we compute
    # ReLU using our custom autograd operation.
    y_pred = relu(x.mm(w1)).mm(w2)

    # Compute and print loss
    loss = (y_pred - y).pow(2).sum()
    print(t, loss.item())

    # Use autograd to compute the backward pass.
    loss.backward()

    # Update weights using gradient descent
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad

        # Manually zero the gradients after updating weights
        w1.grad.zero_()
        w2.grad.zero_()

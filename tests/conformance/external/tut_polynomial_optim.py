# Source: pytorch/tutorials/beginner_source/examples_nn/polynomial_optim.py (as published at https://pytorch.org/tutorials/beginner/examples_nn/polynomial_optim.html)
# Changed: nn.Linear(3, 1) default (random) init overwritten with fixed values; 2000 iterations -> 500; docstring trimmed. Optimizer is RMSprop(lr=1e-3) as on the published page (one stored revision of the file uses SGD(lr=1e-6)).
# -*- coding: utf-8 -*-
"""
PyTorch: optim
--------------
A third order polynomial, trained to predict y=sin(x) from -pi to pi by
minimizing squared Euclidean distance, with an optimizer from torch.optim.
"""
import torch
import math


# Create Tensors to hold input and outputs.
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)

# Prepare the input tensor (x, x^2, x^3).
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)

# Use the nn package to define our model and loss function.
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
# (added) fixed initial weights instead of the random default init
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[-0.5, 0.25, 0.4]]))
    model[0].bias.copy_(torch.tensor([0.1]))
loss_fn = torch.nn.MSELoss(reduction='sum')

# Use the optim package to define an Optimizer that will update the weights of
# the model for us. Here we will use RMSprop; the optim package contains many other
# optimization algorithms. The first argument to the RMSprop constructor tells the
# optimizer which Tensors it should update.
learning_rate = 1e-3
optimizer = torch.optim.RMSprop(model.parameters(), lr=learning_rate)
for t in range(500):
    # Forward pass: compute predicted y by passing x to the model.
    y_pred = model(xx)

    # Compute and print loss.
    loss = loss_fn(y_pred, y)
    if t % 100 == 99:
        print(t, loss.item())

    # Before the backward pass, use the optimizer object to zero all of the
    # gradients for the variables it will update (which are the learnable
    # weights of the model).
    optimizer.zero_grad()

    # Backward pass: compute gradient of the loss with respect to model
    # parameters
    loss.backward()

    # Calling the step function on an Optimizer makes an update to its
    # parameters
    optimizer.step()


linear_layer = model[0]
print(f'Result: y = {linear_layer.bias.item()} + {linear_layer.weight[:, 0].item()} x + {linear_layer.weight[:, 1].item()} x^2 + {linear_layer.weight[:, 2].item()} x^3')

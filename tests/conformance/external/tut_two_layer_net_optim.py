# Source: pytorch/tutorials/beginner_source/examples_nn/two_layer_net_optim.py
# Changed: torch.randn data replaced by fixed(); nn.Linear random init overwritten by init_fixed(); 500 iterations -> 50; `loss.data[0]` (pre-0.4 API, an IndexError on 0-dim tensors since 0.5) replaced by `loss.item()`; docstring trimmed. The legacy Variable wrapper and MSELoss(size_average=False) are kept.
"""
PyTorch: optim
--------------
A fully-connected ReLU network with one hidden layer, trained to predict y from x
by minimizing squared Euclidean distance, with the Adam optimizer.
"""
import torch
from torch.autograd import Variable

# Deterministic stand-in for torch.randn/torch.rand (added for the yardstick).
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


# Deterministic stand-in for the random default init of nn layers (added).
def init_fixed(module, seed=0):
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            fan_in = 1
            for s in p.shape[1:]:
                fan_in *= s
            if p.dim() == 1:
                fan_in = p.shape[0]
            p.copy_(fixed(*p.shape, seed=seed + k, scale=1.0 / fan_in ** 0.5).to(p.dtype))

# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10

# Create random Tensors to hold inputs and outputs, and wrap them in Variables.
x = Variable(fixed(N, D_in, seed=21, scale=1.7))
y = Variable(fixed(N, D_out, seed=22, scale=1.7), requires_grad=False)

# Use the nn package to define our model and loss function.
model = torch.nn.Sequential(
          torch.nn.Linear(D_in, H),
          torch.nn.ReLU(),
          torch.nn.Linear(H, D_out),
        )
init_fixed(model, seed=23)  # (added)
loss_fn = torch.nn.MSELoss(size_average=False)

# Use the optim package to define an Optimizer that will update the weights of
# the model for us. Here we will use Adam; the optim package contains many other
# optimization algoriths. The first argument to the Adam constructor tells the
# optimizer which Variables it should update.
learning_rate = 1e-4
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)
for t in range(50):
  # Forward pass: compute predicted y by passing x to the model.
  y_pred = model(x)

  # Compute and print loss.
  loss = loss_fn(y_pred, y)
  print(t, loss.item())

  # Before the backward pass, use the optimizer object to zero all of the
  # gradients for the variables it will update (which are the learnable weights
  # of the model)
  optimizer.zero_grad()

  # Backward pass: compute gradient of the loss with respect to model parameters
  loss.backward()

  # Calling the step function on an Optimizer makes an update to its parameters
  optimizer.step()

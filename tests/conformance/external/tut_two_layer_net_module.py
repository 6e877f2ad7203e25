# Source: pytorch/tutorials/beginner_source/examples_nn/two_layer_net_module.py
# Changed: torch.randn data replaced by fixed(); nn.Linear random init overwritten by init_fixed(); 500 iterations -> 50; `loss.data[0]` (pre-0.4 API, an IndexError on 0-dim tensors since 0.5) replaced by `loss.item()`; docstring trimmed. The legacy Variable wrapper, MSELoss(size_average=False) and the direct `model.forward(x)` call are kept.
# -*- coding: utf-8 -*-
"""
PyTorch: Custom nn Modules
--------------------------
A fully-connected ReLU network with one hidden layer, trained to predict y from x
by minimizing squared Euclidean distance, defined as a custom Module subclass.
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

class TwoLayerNet(torch.nn.Module):
    def __init__(self, D_in, H, D_out):
        """
        In the constructor we instantiate two nn.Linear modules and assign them as
        member variables.
        """
        super(TwoLayerNet, self).__init__()
        self.linear1 = torch.nn.Linear(D_in, H)
        self.linear2 = torch.nn.Linear(H, D_out)

    def forward(self, x):
        """
        In the forward function we accept a Variable of input data and we must return
        a Variable of output data. We can use Modules defined in the constructor as
        well as arbitrary operators on Variables.
        """
        h_relu = self.linear1(x).clamp(min=0)
        y_pred = self.linear2(h_relu)
        return y_pred


# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10

# Create random Tensors to hold inputs and outputs, and wrap them in Variables
x = Variable(fixed(N, D_in, seed=31, scale=1.7))
y = Variable(fixed(N, D_out, seed=32, scale=1.7), requires_grad=False)

# Construct our model by instantiating the class defined above
model = TwoLayerNet(D_in, H, D_out)
init_fixed(model, seed=33)  # (added)

# Construct our loss function and an Optimizer. The call to model.parameters()
# in the SGD constructor will contain the learnable parameters of the two
# nn.Linear modules which are members of the model.
criterion = torch.nn.MSELoss(size_average=False)
optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
for t in range(50):
    # Forward pass: Compute predicted y by passing x to the model
    y_pred = model.forward(x)

    # Compute and print loss
    loss = criterion(y_pred, y)
    print(t, loss.item())

    # Zero gradients, perform a backward pass, and update the weights.
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

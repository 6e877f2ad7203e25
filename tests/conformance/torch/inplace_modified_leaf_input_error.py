# Modifying an input that was saved, through a function call, reports the saved tensor's shape and versions.
import torch


def forward(w, x):
    h = w @ x
    x.mul_(2)
    return h


w = torch.ones(2, 3, requires_grad=True)
x = torch.ones(3, 1)
out = forward(w, x)
out.sum().backward()

# A misspelled variable inside a training step.
import torch


def step(weights):
    loss = (weights * weights).sum()
    loss.backward()
    return los


w = torch.ones(2, requires_grad=True)
step(w)

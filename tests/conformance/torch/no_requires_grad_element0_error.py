# Forgetting requires_grad=True on the inputs.
import torch

a = torch.tensor([1.0, 2.0])
loss = (a * 3).sum()
loss.backward()

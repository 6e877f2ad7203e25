# Inference tensors cannot be saved for backward.
import torch

with torch.inference_mode():
    data = torch.tensor([1.0, 2.0])
w = torch.tensor([0.5, 0.5], requires_grad=True)
out = (w * data).sum()

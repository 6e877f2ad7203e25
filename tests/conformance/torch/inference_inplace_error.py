# Inference tensors cannot be modified in place outside inference mode.
import torch

with torch.inference_mode():
    t = torch.ones(2)
print(torch.is_inference(t))
t.add_(1)

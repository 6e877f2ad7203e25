# requires_grad on an inference tensor: allowed inside inference_mode, refused outside it
# (also for a detached inference tensor); turning it off is always allowed.
import torch

with torch.inference_mode():
    x = torch.ones(3)
    x.requires_grad_()
    print(x.requires_grad, torch.is_inference(x))
    w = torch.zeros(2)
try:
    w.requires_grad = True
except RuntimeError as e:
    print(e)
print(w.requires_grad)
w.requires_grad_(False)
x.requires_grad_(False)
print(x.requires_grad)
w.detach().requires_grad_()

# inference_mode: no graph, and the tensors created inside are inference tensors.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.inference_mode():
    y = x * 2
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(y, y.requires_grad, torch.is_inference(y), torch.is_inference(x))
print(torch.is_inference_mode_enabled())
with torch.inference_mode(False):
    z = x * 2
print(z.requires_grad, torch.is_inference(z))
u = y + 1
print(u.requires_grad, torch.is_inference(u))

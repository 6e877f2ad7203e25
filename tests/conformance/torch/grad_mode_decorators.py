# no_grad, enable_grad and inference_mode used as decorators.
import torch


@torch.no_grad()
def evaluate(t):
    return t * 2


@torch.enable_grad()
def train_step(t):
    return t * 2


@torch.inference_mode()
def infer(t):
    return t * 2


x = torch.tensor([1.0], requires_grad=True)
a = evaluate(x)
print(a, a.requires_grad)
with torch.no_grad():
    b = train_step(x)
print(b, b.requires_grad)
c = infer(x)
print(c, c.requires_grad, torch.is_inference(c))
print(torch.is_grad_enabled(), evaluate.__name__)

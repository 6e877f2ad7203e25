# pow with exponent 0 still unpacks its saved self first: modifying self in place (here
# inside inference_mode, where a leaf may be changed) makes backward refuse, even though
# the gradient would be zeros.
import torch

x = torch.tensor([-2.0, 3.0], requires_grad=True)
y = x.pow(0)
z = x.pow(2)
with torch.inference_mode():
    x.add_(1)
print(x._version, y.grad_fn.name())
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)
(y * 1).sum().backward()

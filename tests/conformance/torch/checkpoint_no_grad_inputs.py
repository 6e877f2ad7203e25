# Reentrant checkpoint warns when no input requires grad, and the output has no grad_fn even if the function uses parameters.
import torch
import warnings
from torch.utils.checkpoint import checkpoint

lin = torch.nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0]]))
    lin.bias.zero_()
inp = torch.tensor([[1.0, 1.0]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(lin, inp)
print([str(w.message) for w in caught], [w.category.__name__ for w in caught])
print(out, out.requires_grad, out.grad_fn)
try:
    out.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
print(lin.weight.grad)
out2 = checkpoint(lin, inp, use_reentrant=False)
print(out2, out2.grad_fn.name())
out2.sum().backward()
print(lin.weight.grad, lin.bias.grad)
out3 = checkpoint(lin, inp)
print(out3.requires_grad)

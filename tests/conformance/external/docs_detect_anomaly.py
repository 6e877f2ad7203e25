# Source: pytorch/pytorch/torch/autograd/anomaly_mode.py (docstring example of torch.autograd.detect_anomaly; https://pytorch.org/docs/1.13/autograd.html#anomaly-detection)
# Changed: doctest session turned into a script; torch.rand(10, 10) inputs replaced by torch.ones; the two expected RuntimeErrors are caught and their messages printed to stdout (the anomaly-mode forward traceback goes to stderr).
import torch
from torch import autograd

class MyFunc(autograd.Function):
    @staticmethod
    def forward(ctx, inp):
        return inp.clone()
    @staticmethod
    def backward(ctx, gO):
        # Error during the backward pass
        raise RuntimeError("Some error in backward")
        return gO.clone()
def run_fn(a):
    out = MyFunc.apply(a)
    return out.sum()
inp = torch.ones(10, 10, requires_grad=True)
out = run_fn(inp)
try:
    out.backward()
except RuntimeError as e:
    print("RuntimeError:", e)

try:
    with autograd.detect_anomaly():
        inp = torch.ones(10, 10, requires_grad=True)
        out = run_fn(inp)
        out.backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.is_anomaly_enabled())

# A warning shown once at a place stays shown once after the script imports numpy: 1.13
# has imported numpy (and added its warning filters) before the script starts, so the
# import does not make the warnings module forget what it showed (differential fuzzer
# seed 2603 index 224).
import torch


def grad_of(t):
    return t.grad


x = torch.ones(2, requires_grad=True)
y = x * 2
print(grad_of(y))
import numpy as np  # noqa: E402

print(np.float32(2) * y)
print(grad_of(y))

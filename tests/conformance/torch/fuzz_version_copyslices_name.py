# Found by the differential fuzzer: the version-mismatch error names a CopySlices output as
# PyTorch's C++ does, "torch::autograd::CopySlices" (Python shows the type as CopySlices).
import torch

leaf = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
base = leaf * 1
y = base * base
base[0] = 5.0
print(type(base.grad_fn).__name__)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)

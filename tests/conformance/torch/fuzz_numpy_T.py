# Found by the differential fuzzer: Tensor.T is numpy_T, a permute of the reversed dims
# (PermuteBackward0, also for a matrix), with a deprecation warning, once, for tensors
# that are neither 0-d nor 2-d.
import torch

for shape in [(2, 3), (1, 4), (), (3,), (2, 3, 4), (5,)]:
    x = torch.ones(shape, requires_grad=True)
    t = x.T
    print(shape, type(t.grad_fn).__name__, tuple(t.shape), t.stride(), t._is_view())
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
(m.T * torch.tensor([1.0, 10.0])).sum().backward()
print(m.grad)
print(type(m.t().grad_fn).__name__)

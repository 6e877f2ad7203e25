# Found by the differential fuzzer: CopySlices lays the base's gradient out with the base's
# strides (new_empty_strided) before finding the view's region in it, as the view's
# geometry is relative to the base's storage; a base that is not contiguous (the sum of a
# tensor and its permutation takes the permuted layout) must not shift the region.
import torch

t1 = torch.tensor([[[21.35, -11.3], [16.0, 1.19]], [[-10.0, 10.8], [1.18, 15.8]]], dtype=torch.float64,
                  requires_grad=True)
t5 = t1.permute(2, 0, 1) + t1
print(t5.stride(), t5.is_contiguous())
t7 = t5.select(0, -1)
t7.copy_(torch.ones(()))
print(type(t7.grad_fn).__name__, type(t5.grad_fn).__name__)
t7.sum().backward(retain_graph=True)
print(t1.grad.tolist())
t1.grad = None
(t5 * torch.arange(8.0, dtype=torch.float64).view(2, 2, 2)).sum().backward()
print(t1.grad.tolist())

# A transposed base (a non-leaf made by t().clone(), which keeps the strides).
a = torch.arange(6.0).view(2, 3).requires_grad_()
b = (a * 2).t().clone()
print(b.stride())
row = b[1]
row.mul_(10)
g, = torch.autograd.grad((b * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum(), [a])
print(g.tolist())

# sort's outputs are laid out as its input (dense strides inferred from it), so a sort of a
# transposed tensor gives transposed values and indices: flatten() must then copy
# (UnsafeViewBackward0), and the gradient keeps 1.13's layout (fuzzer seed 1703).
import torch

torch.manual_seed(0)
base = torch.tensor([[1.418, 0.34], [-2.224, -1.374]], requires_grad=True)
x = (base * 1).T
values, indices = x.sort(1, descending=True)
print(values.stride(), indices.stride(), values.is_contiguous())
flat = values.flatten()
print(type(flat.grad_fn).__name__, flat._is_view(), flat)
flat.sum().backward()
print(base.grad)
for shape, perm, dim in [((3, 4), (1, 0), 0), ((2, 3, 4), (2, 0, 1), -1), ((2, 3, 4), (0, 2, 1), 1)]:
    t = torch.randn(shape).permute(perm)
    v, i = t.sort(dim)
    print(shape, perm, dim, v.stride(), i.stride(), v.flatten().tolist(), i.flatten().tolist())
sliced = torch.randn(4, 6)[:, ::2]
v, i = sliced.sort(0)
print("sliced", v.stride(), i.stride())

import torch

# Found by the differential fuzzer (seed 1801): index_put of a permuted tensor is a clone
# that keeps the permutation (MemoryFormat::Preserve), so an in-place op afterwards walks
# memory in that order, and sigmoid's vector loop and scalar tail fall on other elements.
torch.manual_seed(12509)
t2 = torch.tensor([[[-1.059, 0.975, 0.851], [0.014, 1.397, -0.883]], [[0.459, -2.428, -0.383], [2.087, 0.625, -1.39]],
                   [[-1.265, -1.914, 0.194], [-1.664, 1.528, 1.963]], [[0.861, -2.014, 1.188], [0.105, -1.647, -0.844]]],
                  requires_grad=True)
t3 = t2.permute(1, 0, 2)
t9 = t3.index_put((torch.tensor([-2, 1]),), torch.tensor(-2.0), accumulate=True)
print(t9.stride(), t9.is_contiguous(), type(t9.grad_fn).__name__)
t9.sigmoid_()
print(t9.stride(), type(t9.grad_fn).__name__)
print(t9.tolist())
t9.sum().backward()
print(t2.grad.tolist())

# a non-dense input gives a dense result in the input's dim order
base = torch.randn(4, 6)
for source in (base[:, ::2], base.t(), base.t()[::2]):
    out = source.index_put((torch.tensor([0]),), torch.tensor(5.0))
    print(tuple(source.stride()), "->", out.stride(), out.tolist())

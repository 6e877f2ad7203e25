# GELU of a dense but permuted input (x.t(), x.transpose(...)): TensorIterator walks it in
# memory order, so its vectorized body covers the same elements as for a contiguous input,
# and the result keeps the input's layout (fuzzer seed 1703).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for shape, perm in [((4, 4), (1, 0)), ((3, 5), (1, 0)), ((2, 3, 4), (2, 0, 1)), ((1, 4, 4), (0, 2, 1)),
                        ((5, 7), (1, 0))]:
        x = (torch.randn(shape, dtype=dtype) * 2).permute(perm)
        for approximate in ("none", "tanh"):
            y = F.gelu(x, approximate=approximate)
            print(dtype, shape, perm, approximate, y.stride(), y.flatten().tolist())
    sliced = torch.randn(4, 6, dtype=dtype)[:, ::2]
    print(dtype, "sliced", F.gelu(sliced).stride(), F.gelu(sliced).flatten().tolist())

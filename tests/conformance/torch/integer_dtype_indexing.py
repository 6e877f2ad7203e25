# Integer dtypes as indices (uint8 masks with their warning), as images, in bitwise ops,
# powers, scatter, matmul, floor division and sorting.
import torch

# Integer dtypes as indices and as images, the way tutorials use them.
x = torch.arange(12.).view(3, 4)
for dt in [torch.int32, torch.int16, torch.int8]:
    try:
        print(x[torch.tensor([0, 2], dtype=dt)])
    except IndexError as e:
        print('IndexError:', e)
print(x[torch.tensor([1, 0, 1], dtype=torch.uint8)])
print(x.index_select(1, torch.tensor([3, 1], dtype=torch.int32)))
print(torch.gather(x, 1, torch.tensor([[0], [1], [2]])))
torch.manual_seed(0)
img = torch.randint(0, 256, (2, 3, 3), dtype=torch.uint8)
print(img, img.dtype, img.float() / 255, img.max(), img.to(torch.float32).mean())
print((img > 128).sum(), img.flatten()[:5], img.permute(1, 2, 0).shape, img.double().std())
print(torch.randint(-5, 5, (4,), dtype=torch.int32), torch.randperm(5, dtype=torch.int32))
a = torch.tensor([12, 10, 3], dtype=torch.int32)
b = torch.tensor([10, 6, 5], dtype=torch.int32)
print(a & b, a | b, a ^ b, ~a, a << 1, a >> 1)
print(torch.bitwise_and(a.byte(), b.byte()), torch.tensor([200], dtype=torch.uint8) << 1)
print(torch.tensor([1, 2, 3], dtype=torch.int32).tolist(), torch.tensor(7, dtype=torch.int8).item())
print(torch.tensor([1, 2], dtype=torch.int32) ** 2, torch.tensor([3], dtype=torch.int8).pow(5), 2 ** torch.tensor([3, 9], dtype=torch.int16))
print(torch.zeros(3, dtype=torch.int32).scatter_(0, torch.tensor([0, 2]), torch.tensor([5, 6], dtype=torch.int32)))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32) @ torch.tensor([[1, 0], [0, 1]], dtype=torch.int32))
print(torch.tensor([5, -5, 7], dtype=torch.int16) // torch.tensor([2, 2, -2], dtype=torch.int16),
      torch.remainder(torch.tensor([5, -5], dtype=torch.int8), 3), torch.fmod(torch.tensor([5, -5], dtype=torch.int8), 3))
print(torch.tensor([1, 2, 3], dtype=torch.int32).flip(0), torch.tensor([3, 1], dtype=torch.uint8).sort(), torch.tensor([[1, 2]], dtype=torch.int8).repeat(2, 2))

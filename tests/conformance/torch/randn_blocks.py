# torch.randn and normal_ of 16 or more elements draw as PyTorch 1.13's CPU kernel does
# (uniforms first, then Box-Muller blocks of 16, the last partial block redrawn; float
# through the AVX2 cephes log and sincos), so seeded tutorials print PyTorch's numbers;
# printed as digests of every value's bits, then a few values in full.
import hashlib
import torch


def digest(t):
    return hashlib.md5(" ".join(v.hex() for v in t.reshape(-1).tolist()).encode()).hexdigest()[:8]


for seed in (0, 1, 42, 1234, 2 ** 40 + 7):
    torch.manual_seed(seed)
    for n in (15, 16, 17, 31, 32, 100, 1000, 4099):
        print(seed, n, digest(torch.randn(n)), digest(torch.randn(n, dtype=torch.float64)))
torch.manual_seed(3)
print(torch.randn(4, 5))
print(torch.randn(2, 3, 4, dtype=torch.float64))
print(digest(torch.empty(50).normal_()), digest(torch.empty(50).normal_(2.5, 0.3)),
      digest(torch.empty(40, dtype=torch.float64).normal_(-1.0, 4.0)))
print(torch.empty(17).normal_(1.0, 0.5))
x = torch.empty(6, 5).t()  # not contiguous: drawn one by one
print(x.normal_())
print(torch.randn(20) * 0 + torch.rand(3).sum())

# Elementwise arithmetic, comparisons, sum/mean and in-place ops on float16 and bfloat16
# tensors: PyTorch computes each element in float and rounds it to the dtype (a Python
# number is rounded to the dtype first); sums accumulate in float. Bits via float.hex.
import torch


def bits(t):
    return [float.hex(v) for v in t.reshape(-1).tolist()]


for dt in (torch.half, torch.bfloat16):
    a = torch.tensor([3.0, 7.0, 1.1, -0.3, 1000.5, 2.0 ** -20], dtype=dt)
    b = torch.tensor([0.1, 0.3, 2.2, 5.5, -0.7, 3.0], dtype=dt)
    print(dt)
    print(bits(a + b), bits(a - b), bits(a * b), bits(a / b))
    print(bits(a * 0.1), bits(a / 10), bits(a + 0.1), bits(a - 0.1), bits(1 - a), bits(2 * a), bits(-a))
    print(bits(torch.add(a, b, alpha=0.3)), bits(torch.sub(a, b, alpha=3)), bits(torch.add(a, 0.1, alpha=0.3)))
    print(bits(a.abs()), a.dtype, (a + b).dtype)
    print(a == b, a < b, a >= 1.1, a != a, b > 0.3)
    print(bits(a.sum()), bits(b.sum()), bits(a.mean()), bits(b.mean()))
    m = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4).mul(0.37).to(dt)
    print(bits(m.sum(0)), bits(m.sum(1)), bits(m.sum(2)), bits(m.sum((0, 2))), bits(m.mean(1)), bits(m.mean(2, keepdim=True)))
    print(m.sum(), m.mean(), m.sum(dtype=torch.float32), m.sum(1).dtype)
    big = torch.full((3000,), 0.1, dtype=dt)
    print(bits(big.sum()), bits(big.mean()))
    c = a.clone()
    c.add_(b)
    c.sub_(b, alpha=2)
    c.mul_(1.7)
    c.div_(b)
    print(bits(c))
    c.mul_(2)
    c.add_(1)
    print(bits(c), c.dtype)
    c.zero_()
    c.fill_(0.1)
    print(c)
    c.copy_(torch.tensor([0.1, 0.2, 0.3, 0.4, 1e6, -1e-9]))
    print(bits(c))
    print(torch.where(a > 1.5, a, b), torch.cat([a, b]), torch.stack([a, b]).shape)
    print(a[1:4], a[torch.tensor([0, 2])], a[a > 1.5], a.max(), a.min(), a.argmax(), b.sort())
    print((a > 1).all(), (a > 1).any(), a.reshape(2, 3).t().contiguous())
    # promotion with other dtypes
    f = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    print((a + f).dtype, (a * 2).dtype, (a + torch.tensor(2.5)).dtype, (a + torch.tensor(2.5, dtype=torch.float64)).dtype,
          (a + torch.tensor([1, 2, 3, 4, 5, 6])).dtype, (torch.tensor(1.5, dtype=dt) + f).dtype,
          (torch.tensor(1.5, dtype=dt) + torch.tensor([1, 2])).dtype)
    print(bits(a + f), bits(a * torch.tensor([1, 2, 3, 4, 5, 6])))
    print(torch.result_type(a, f), torch.result_type(a, 1.5), torch.result_type(2, a), torch.promote_types(dt, torch.float32),
          torch.promote_types(dt, torch.int64), torch.promote_types(dt, torch.float64))
print(torch.promote_types(torch.half, torch.bfloat16), (torch.ones(2, dtype=torch.half) + torch.ones(2, dtype=torch.bfloat16)).dtype)
print(torch.ones(2, dtype=torch.half) + torch.ones(2, dtype=torch.bfloat16))

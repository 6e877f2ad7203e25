# int32, int16, int8 and uint8 tensors: creation, printing, conversions (float to integer
# as x86 converts), wrap-around arithmetic, promotion, reductions, iinfo, errors, saving.
import torch

# Every integer dtype: creation, printing, attributes.
for dt in [torch.int32, torch.int16, torch.int8, torch.uint8, torch.int64]:
    t = torch.tensor([[1, -2, 3], [100, 127, 0]], dtype=dt)
    print(dt, t.dtype, t.element_size(), t.is_floating_point(), dt.is_signed, dt.is_floating_point)
    print(t)
    print(t.type(), repr(t[0, 1]), t[1, 1].item(), type(t[1, 1].item()).__name__)
print(torch.int, torch.short, torch.int == torch.int32, torch.short is torch.int16)
print(torch.zeros(2, 3, dtype=torch.uint8), torch.ones(2, dtype=torch.int8))
print(torch.arange(5, dtype=torch.int32), torch.full((2,), 7, dtype=torch.int16))
print(torch.empty(0, dtype=torch.int32), torch.tensor(5, dtype=torch.uint8))

# Conversions: .int() / .short() / .char() / .byte(), .to(), and float to integer.
x = torch.tensor([-3.7, -1.0, 0.5, 2.9, 200.0, 300.0, 70000.0])
print(x.int(), x.short(), x.char(), x.byte(), x.long())
print(x.to(torch.int32), x.to(dtype=torch.uint8), x.type(torch.int16))
i = torch.tensor([1, 2, 300, -5])
print(i.int(), i.short(), i.char(), i.byte(), i.int().float(), i.byte().double())
print(torch.tensor([True, False]).int(), torch.tensor([0, 3], dtype=torch.uint8).bool())

# Arithmetic keeps the type and wraps around like C.
a = torch.tensor([100, 120, -128], dtype=torch.int8)
b = torch.tensor([100, 10, 1], dtype=torch.int8)
print(a + b, a - b, a * b, -a, a * 2, a + 1)
u = torch.tensor([250, 5, 0], dtype=torch.uint8)
print(u + 10, u - 10, u * 3, u // 2, u % 7, u.sum(), u.sum().dtype)
print(torch.tensor([2**31 - 1], dtype=torch.int32) + 1)
print(a // 3, a % 3, a / 3, a.float() / 3, torch.div(a, 3, rounding_mode='floor'), torch.div(a, 3, rounding_mode='trunc'))

# Promotion: between integer types, with floats, with Python numbers.
for p, q in [(torch.int8, torch.uint8), (torch.uint8, torch.int16), (torch.int32, torch.int64), (torch.int16, torch.int32),
             (torch.uint8, torch.int32), (torch.int8, torch.float32), (torch.bool, torch.uint8), (torch.int32, torch.float64)]:
    r = torch.ones(2, dtype=p) + torch.ones(2, dtype=q)
    print(p, q, torch.promote_types(p, q), r.dtype, r)
c = torch.tensor([1, 2], dtype=torch.int32)
print((c + 1).dtype, (c + 1.5).dtype, (c * 2.0), (c + torch.tensor(3)).dtype, (c + torch.tensor(3.5)).dtype)
print(torch.result_type(c, 1), torch.result_type(c, 1.0), torch.result_type(u, torch.tensor([1], dtype=torch.int8)))

# Reductions and comparisons.
s = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int16)
print(s.sum(), s.sum(0), s.sum(1, keepdim=True), s.prod(), s.cumsum(1), s.max(), s.min(1), s.argmax())
print(s > 2, s == torch.tensor([1, 5, 3], dtype=torch.int32), s.float().mean(), s.abs(), s.clamp(2, 4))
print(torch.sort(torch.tensor([3, 1, 2], dtype=torch.int32)), torch.topk(s.flatten(), 2))
print(torch.cat([s, s]), torch.stack([c, c]), s.t(), s.view(3, 2), s.reshape(-1), s[:, 1], s[s > 3])
print(torch.where(s > 3, s, torch.zeros_like(s)), s.masked_fill(s > 4, -1), s.clone(), s.max(dim=1))

# Counting correct predictions, as tutorials do.
pred = torch.tensor([0, 2, 1, 1])
y = torch.tensor([0, 1, 1, 1], dtype=torch.int32)
print((pred == y).sum().item(), (pred == y).int().sum(), (pred == y).type(torch.uint8))

# Float tensors with integer ones.
w = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
k = torch.tensor([1, 2, 3], dtype=torch.int32)
out = (w * k).sum()
out.backward()
print(out, w.grad, (w * k).dtype, (w * k).grad_fn.name())

# Limits, errors, saving.
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]:
    info = torch.iinfo(dt)
    print(info, info.bits, info.min, info.max, info.dtype)
for bad in [torch.bool, torch.float32, 3]:
    try:
        torch.iinfo(bad)
    except TypeError as e:
        print('TypeError:', e)
print(hasattr(torch.int32, 'itemsize'), torch.int8.is_signed, torch.uint8.is_signed)
for f in [lambda: torch.tensor([1, 2], dtype=torch.int32).mean(),
          lambda: torch.tensor([1, 2], dtype=torch.int16).requires_grad_(),
          lambda: torch.ones(2, dtype=torch.uint8, requires_grad=True),
          lambda: torch.tensor([1, 2], dtype=torch.int8).fill_(300),
          lambda: torch.tensor([1, 2], dtype=torch.uint8).fill_(-1),
          lambda: torch.tensor([1, 2], dtype=torch.int32).fill_(2.5),
          lambda: torch.tensor([1, 2], dtype=torch.int32).add_(1.5),
          lambda: torch.tensor([1, 2], dtype=torch.int32).clamp_(0.5),
          lambda: torch.tensor([1, 2], dtype=torch.int32).sqrt(),
          lambda: torch.tensor([1, 2], dtype=torch.int16).exp_()]:
    try:
        print(f())
    except RuntimeError as e:
        print('RuntimeError:', e)
import io
buf = io.BytesIO()
torch.save({'a': torch.tensor([1, -2], dtype=torch.int32), 'b': torch.tensor([255, 7], dtype=torch.uint8),
            'c': torch.arange(4, dtype=torch.int16).view(2, 2), 'd': torch.tensor([-1], dtype=torch.int8)}, buf)
buf.seek(0)
print(torch.load(buf))

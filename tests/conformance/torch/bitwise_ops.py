# The bitwise ops of PyTorch 1.13: & | ^ ~ << >>, their functions, methods and in-place
# forms, shift counts past the width, promotion, and what floating tensors are refused.
import torch

# & | ^ ~ << >> on integer and bool tensors, and the torch.bitwise_* functions.
a = torch.tensor([12, 10, 3, -7])
b = torch.tensor([10, 6, 5, 2])
print(a & b, a | b, a ^ b, ~a, a << 2, a >> 1, b >> a.abs())
print(torch.bitwise_and(a, b), torch.bitwise_or(a, 4), torch.bitwise_xor(3, b), torch.bitwise_not(a))
print(torch.bitwise_left_shift(a, b), torch.bitwise_right_shift(a, 1), a.bitwise_and(b), a.bitwise_left_shift(1))
print(3 & b, 1 << b, 5 ^ b, 64 >> b, b.__rlshift__(1), True ^ torch.tensor([True, False]))

m = torch.tensor([True, False, True])
n = torch.tensor([True, True, False])
print(m & n, m | n, m ^ n, ~m, m & True, torch.bitwise_not(m), m.bitwise_xor(n))

# Shift counts at and past the width: as PyTorch's C++ computes them.
s = torch.tensor([1, -8, 100], dtype=torch.int32)
print(s << 31, s << 32, s << 40, s >> 40, s >> -1, s << -1)
print(torch.tensor([200], dtype=torch.uint8) << 8, torch.tensor([200], dtype=torch.uint8) >> 3)
print(torch.tensor([1, -1], dtype=torch.int8) << 33, torch.tensor([-128], dtype=torch.int8) >> 9)
print(torch.tensor([1, -1]) << 63, torch.tensor([1, -1]) << 64, torch.tensor([-1]) >> 65)

# Promotion and in place.
i8 = torch.tensor([1, 2], dtype=torch.int8)
u8 = torch.tensor([3, 255], dtype=torch.uint8)
print(i8 & u8, (i8 | u8).dtype, torch.tensor([True]) << 1, torch.tensor([True]) | 2)
c = torch.tensor([1, 2], dtype=torch.int32)
v = c._version
c &= 3
c |= 4
c ^= 1
c <<= 1
c >>= 1
print(c, c._version - v)
d = torch.tensor([6], dtype=torch.int8)
d.bitwise_left_shift_(torch.tensor([33]))
print(d, torch.tensor([6]).bitwise_and_(2), torch.tensor([5], dtype=torch.int16).bitwise_not_())

# What PyTorch refuses.
x = torch.tensor([1.5, 2.0])
for f in [lambda: x & x, lambda: x | 1, lambda: x << 1, lambda: x >> 1, lambda: torch.bitwise_not(x),
          lambda: torch.tensor([True]) << torch.tensor([True]), lambda: torch.tensor([1, 2]) & 1.5,
          lambda: torch.tensor([True]).bitwise_and_(torch.tensor([3])), lambda: torch.tensor([1]).bitwise_or_(torch.tensor([1.0]))]:
    try:
        print(f())
    except RuntimeError as e:
        print('RuntimeError:', e)
for f in [lambda: ~x, lambda: torch.tensor([3]) & 'x', lambda: torch.bitwise_and(torch.tensor([3]), 'a')]:
    try:
        print(f())
    except TypeError as e:
        print('TypeError:', e)

# A float tensor that requires grad, through an integer mask.
w = torch.tensor([0.5, -1.0, 2.0, 3.0], requires_grad=True)
keep = (torch.arange(4) & 1) == 0
loss = (w * keep).sum()
loss.backward()
print(keep, loss, w.grad)

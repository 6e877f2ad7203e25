# int64 tensor arithmetic overflowed in C++ (undefined behaviour; UBSan aborts),
# float -> int64 conversions out of range too, and a slice step of -2**63 was
# negated. PyTorch wraps around, converts to INT64_MIN, and CPython clamps the step.
# expect: tensor([0]) tensor([-9223372036854775808]) tensor([-9223372036854775808]) tensor([9223372036854775807]) tensor([-9223372036854775808])
# expect: tensor([-9223372036854775808]) tensor([-9223372036854775808]) tensor([-2984622845537545263]) tensor([ 0, -1,  1,  0])
# expect: shape '[3, 4611686018427387904, 0]' is invalid for input of size 3
# expect: [9] [9] [9]
# expect: OverflowError cannot convert float infinity to integer
# expect: ValueError cannot convert float NaN to integer
# expect: 3
import torch

M = -2**62 - 2**62  # -2**63: 2**63 itself does not fit in this interpreter's ints
print(torch.tensor([M]) * 2, torch.tensor([M]).abs(), -torch.tensor([M]), torch.tensor([M]) - 1,
      torch.tensor([2**62]) + torch.tensor([2**62]))
print(torch.tensor([1e300]).long(), torch.tensor([float('nan')]).long(), torch.tensor([3]) ** 100,
      torch.tensor([3, -1, 1, 2]) ** torch.tensor([-2, -3, -5, 70]))
try:
    print(torch.ones(3).reshape(3, 2**62, 0))
except RuntimeError as e:
    print(e)
print(list(range(10))[::M], list(range(10))[::M + 1], list(range(10))[::-2**62])
for v in [torch.tensor(1e300), torch.tensor(float('nan')), torch.tensor(3.7)]:
    try:
        print(int(v))
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)

# Filling an integer tensor from a float that does not fit (nan, inf, 3e10 into int32) is
# refused by Scalar::to<T>()'s overflow check: fill_ with a 0-d tensor (t[i] = tensor) and
# t[i] = number; copy_ of a tensor converts without a check.
import torch
a = torch.tensor(float('nan'), dtype=torch.float64, requires_grad=True)
t2 = torch.tensor([[[9], [7]], [[7], [3]], [[-2], [-5]]])
for src in [a * 1, torch.tensor(float('inf')), torch.tensor([1e30, 2.0]), torch.tensor(2.5, requires_grad=True) * 1]:
    try:
        t2[1, :] = src
        print(t2.tolist(), t2.requires_grad, t2.grad_fn)
    except RuntimeError as e:
        print(e)
x = torch.zeros(3, dtype=torch.int64)
try:
    x.copy_(torch.tensor(float('nan')))
    print(x)
except RuntimeError as e:
    print(e)
try:
    x[0] = float('nan')
    print(x)
except RuntimeError as e:
    print(e)
try:
    x.fill_(float('nan'))
except RuntimeError as e:
    print(e)
y = torch.zeros(2, dtype=torch.int32)
try:
    y[0] = torch.tensor(3e10)
    print(y)
except RuntimeError as e:
    print(e)

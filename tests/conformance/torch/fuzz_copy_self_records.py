# Found by the differential fuzzer: x.copy_(x) writes nothing (copy_impl returns early for
# the same data) but autograd still records CopyBackwards and bumps the version. A full
# slice such as x[0:1, 0:4] is x itself in 1.13's indexing, so `x[0:1, 0:4] = x` is x.copy_(x).
import torch

a = torch.tensor([[0.5, -1.0, 2.0, 3.0]], requires_grad=True)
x = a * 2
x.copy_(x)
print(x._version, type(x.grad_fn).__name__, [(type(n).__name__ if n else None, i) for n, i in x.grad_fn.next_functions])
x[0:1, 0:4] = x
print(x._version, type(x.grad_fn).__name__)
x.sum().backward()
print(a.grad.tolist())
y = torch.arange(4.0)
y.copy_(y)
y[:] = y
print(y._version, y.tolist())
v = y.view(2, 2)
v.copy_(y.view(2, 2))
print(y._version, v._version)

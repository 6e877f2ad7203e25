# Advanced indexing with several index tensors / lists / ranges (x[range(n), target]),
# broadcast together, with IndexBackward0 and PyTorch's errors.
import torch
x = torch.arange(12.).reshape(3, 4).requires_grad_()
y = x[range(3), torch.tensor([0, 3, 1])]
print(y, y.grad_fn.name())
y.sum().backward(); print(x.grad)
print(x[[0, 2], [1, 1]], x[torch.tensor([[0], [2]]), torch.tensor([1, 3])])
z = torch.arange(24.).reshape(2, 3, 4)
print(z[[1, 0], [2, 2]], z[[1, 0], [2, 2], :].shape, z[torch.tensor([1]), torch.tensor([0, 1, 2])])
for bad in [lambda: x[[0, 1, 2], [0, 1]], lambda: x[[0, 5], [1, 1]], lambda: x[[0], [1], [2]]]:
    try: bad()
    except Exception as e: print(type(e).__name__, e)
logp = torch.log_softmax(torch.arange(6.).reshape(2, 3), 1)
print(-logp[range(2), torch.tensor([2, 0])].mean())

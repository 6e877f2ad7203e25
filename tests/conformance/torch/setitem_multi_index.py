# x[idx_a, idx_b] = v: several index tensors or lists for the leading dims, the rest full
# slices, write through index_put_ (it once wrote into a copy and changed nothing).
import torch

x = torch.zeros(3, 4)
x[torch.tensor([0, 2]), torch.tensor([1, 3])] = 5.0
print(x, x._version)
x[[1, 1], [0, 2]] = torch.tensor([7.0, 8.0])
print(x)
x[torch.tensor([[0], [2]]), torch.tensor([0, 1])] = -1.0
print(x)

y = torch.zeros(2, 3, 2)
y[[0, 1], [2, 0], :] = torch.tensor([1.0, 2.0])
print(y)

# Through autograd: IndexPutBackward0, and the gradient of the values.
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
base = torch.zeros(2, 3)
z = base.clone()
z[torch.tensor([0, 1, 1]), torch.tensor([0, 1, 2])] = w * 2
print(z, z.grad_fn.name())
(z * torch.arange(6.).view(2, 3)).sum().backward()
print(w.grad)

# Masks of uint8 still write, with 1.13's warning.
m = torch.tensor([1, 0, 1], dtype=torch.uint8)
v = torch.zeros(3)
v[m] = 4.0
print(v)

for bad in [lambda: x.__setitem__((torch.tensor([0, 1]), torch.tensor([0, 1, 2])), 1.0),
            lambda: x.__setitem__(([0, 5], [0, 1]), 1.0)]:
    try:
        bad()
    except (IndexError, RuntimeError) as e:
        print(type(e).__name__ + ':', e)

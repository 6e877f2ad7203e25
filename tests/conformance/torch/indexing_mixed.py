# Advanced indices after slices, ints, None and ...: x[:, idx], x[0, idx], x[i, :, j],
# masks in later dims, lists as tuples, and assignment through them (PyTorch 1.13).
import torch

x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
i = torch.tensor([2, 0, 2])


def show(name, t):
    print(name, tuple(t.shape), t.grad_fn.name() if t.grad_fn is not None else None)
    print(t)


show("x[:, i]", x[:, i])
show("x[0, i]", x[0, i])
show("x[..., i]", x[..., i])
show("x[:, i, [1, 1, 3]]", x[:, i, [1, 1, 3]])
show("x[[0, 1], :, [0, 3]]", x[[0, 1], :, [0, 3]])
show("x[[0, 1], 1, [0, 3]]", x[[0, 1], 1, [0, 3]])
show("x[[0, 1], None, [0, 2]]", x[[0, 1], None, [0, 2]])
show("x[None, [0, 1], None, [0, 2]]", x[None, [0, 1], None, [0, 2]])
show("x[torch.tensor([[1], [0]]), :, [0, 3]]", x[torch.tensor([[1], [0]]), :, [0, 3]])
show("x[:, torch.tensor([True, False, True])]", x[:, torch.tensor([True, False, True])])
show("x[:, :, torch.tensor([True, False, False, True])]", x[:, :, torch.tensor([True, False, False, True])])
show("x[1:, i]", x[1:, i])
show("x[0:2, i]", x[0:2, i])
show("x[torch.tensor(1), [0, 1]]", x[torch.tensor(1), [0, 1]])
show("x[:, torch.tensor(True)]", x[:, torch.tensor(True)])
show("x[True]", x[True])
show("x[0, True]", x[0, True])
show("x[[[0, 1], [1, 2]]]", x[[[0, 1], [1, 2]]])
show("x[[0, slice(None)]]", x[[0, slice(None)]])
show("x[[True, False]]", x[[True, False]])
show("x[[0.7]]", x[[0.7]])
show("x[range(2), 1:]", x[range(2), 1:])
show("x[:, torch.tensor([[0, 1], [2, 0]])]", x[:, torch.tensor([[0, 1], [2, 0]])])
print("saved", x[:, i].grad_fn._saved_indices, x[[0, 1], :, [0, 3]].grad_fn._saved_indices)
print("next", x[:, i].grad_fn.next_functions[0][0].name(), x[0, i].grad_fn.next_functions[0][0].name(),
      x[..., i].grad_fn.next_functions[0][0].name())
print(x[False].shape, x[0, False].shape)

loss = (x[:, i] * 2).sum() + (x[:, i, [1, 1, 3]] ** 2).sum() + x[[0, 1], :, [0, 3]].sum()
loss = loss + x[:, torch.tensor([True, False, True])].sum() + x[None, :, i].sum() + x[0, i].sum()
loss.backward()
print(x.grad)

for f in [lambda: x[:, torch.tensor([5])], lambda: x[:, [0, 1], [0, 1, 2]], lambda: x[:, :, :, [0]],
          lambda: x[torch.tensor([0, 1]).int(), 0], lambda: x[torch.ones(2, 3, dtype=torch.bool), 0],
          lambda: x[:, [0, 3]], lambda: x[[0, 1], [-3, 2], [-5]], lambda: x[:, [0.5, 1]]]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

a = torch.zeros(3, 4)
a[:, [1, 3]] = torch.tensor([1., 2.])
a[0, [0, 2]] = 5
a[1:, torch.tensor([0])] += 1
a[[0, 2], 1:3] = torch.tensor([[7.], [8.]])
a[:, torch.tensor([False, True, False, True])] = -1
a[[2], :] = torch.ones(1, 1, 4) * 9
print(a)
b = torch.zeros(3, 4, requires_grad=True).clone()
b[:, [1, 3]] = 1.
print(b.grad_fn.name(), b._version)
c = torch.zeros(3, 4, requires_grad=True).clone()
c[0:3, [1, 3]] = torch.ones(1, 1, 2)
print(c.grad_fn.name(), [f[0].name() if f[0] is not None else None for f in c.grad_fn.next_functions])
w = torch.ones(2, requires_grad=True)
d = torch.zeros(3, 4)
d[1:, [0, 2]] = w * 3
d.sum().backward()
print(w.grad)
try:
    d[:, [0, 1]] = torch.ones(3)
except Exception as e:
    print(type(e).__name__, e)

# Tensor.index_add_: values (1-D adds the rounded product, larger tensors add_'s fused
# a + alpha * b), IndexAddBackward0 and its saved attributes, version bumps, errors.
import torch

x = torch.tensor([0.1, 0.2, 0.3, 0.4])
x.index_add_(0, torch.tensor([2, 0, 2]), torch.tensor([1.1, 2.2, 3.3]), alpha=0.7)
print(x.tolist(), x._version)

w = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
s = torch.tensor([[0.5, -1.], [2., 0.25]], requires_grad=True)
a = w * 1.0
a.index_add_(0, torch.tensor([2, 0]), s, alpha=0.3)
print(a, a.grad_fn.name(), a.grad_fn._saved_alpha, a.grad_fn._saved_source_dim, a.grad_fn._saved_index)
(a * torch.tensor([[1.], [10.], [100.]])).sum().backward()
print(w.grad, s.grad)

b = torch.zeros(2, 3)
b.index_add_(1, torch.tensor([1, 1, 0]), torch.tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]), alpha=3.3)
print(b.tolist())
print(torch.zeros(3, dtype=torch.int64).index_add_(0, torch.tensor([1, 1]), torch.tensor([2, 5])))

c = torch.zeros(3, 2)
for f in [lambda: c.index_add_(0, torch.tensor([[0]]), torch.ones(1, 2)),
          lambda: c.index_add_(0, torch.tensor([5]), torch.ones(1, 2)),
          lambda: c.index_add_(0, torch.tensor([0]), torch.ones(1, 2, dtype=torch.float64)),
          lambda: c.index_add_(0, torch.tensor([0.]), torch.ones(1, 2)),
          lambda: c.index_add_(0, torch.tensor([0, 1]), torch.ones(1, 2)),
          lambda: torch.zeros(2, requires_grad=True).index_add_(0, torch.tensor([0]), torch.ones(1))]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

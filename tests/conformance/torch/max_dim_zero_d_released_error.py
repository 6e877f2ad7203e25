# max(dim) of a 0-d tensor saves its indices like any other: once backward released them, a
# second backward through the node is refused.
import torch
t1 = torch.tensor(-1.75, requires_grad=True)
t3, i = t1.max(0)
print(t3.grad_fn.name(), t3.grad_fn._saved_dim, t3.grad_fn._saved_keepdim, t3.grad_fn._saved_indices, t3.grad_fn._saved_self_sizes)
(t3 * 1).backward()
print(t1.grad)
try:
    t3.grad_fn._saved_indices
except RuntimeError as e:
    print(str(e)[:50])
t3.exp().backward()

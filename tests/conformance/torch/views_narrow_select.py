# narrow and select as named views, with their saved attributes.
import torch

x = torch.arange(12.0).reshape(3, 4).requires_grad_()
n = x.narrow(1, 1, 2)
print(n, n.grad_fn)
s = x.select(0, 2)
print(s, s.grad_fn)
print(s.grad_fn._saved_dim, s.grad_fn._saved_index)
print(torch.narrow(x, 0, 0, 1).shape, torch.select(x, 1, 0).shape)
(n.sum() + 2 * s.sum()).backward()
print(x.grad)
sl = x[1:3]
print(sl.grad_fn, sl.grad_fn._saved_dim, sl.grad_fn._saved_start, sl.grad_fn._saved_end, sl.grad_fn._saved_step)

# 1.13 wraps narrow's start as a dim index (start == size is the empty end): its
# IndexError names a dim range.
for start, length in ((3, 0), (-3, 0), (2, 0), (-2, 1), (1, 2)):
    try:
        print(torch.ones(2).narrow(0, start, length))
    except (IndexError, RuntimeError) as e:
        print(type(e).__name__, e)

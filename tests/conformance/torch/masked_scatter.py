# masked_scatter and masked_scatter_: the source's elements, in order, where the mask is
# set; MaskedScatterBackward0's gradients for self and source; 1.13's errors.
import warnings

import torch

warnings.simplefilter("always")


def attempt(label, f):
    try:
        r = f()
        print(label, "->", r)
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.arange(6.0).reshape(2, 3).requires_grad_()
m = torch.tensor([[True, False, True], [False, True, False]])
s = torch.arange(10.0, 16.0).reshape(2, 3).requires_grad_()
y = x.masked_scatter(m, s)
print(y, y.grad_fn.name(), [type(f).__name__ for f, _ in y.grad_fn.next_functions])
print(y.grad_fn._saved_mask, y.grad_fn._saved_source_sizes)
(y * torch.arange(1.0, 7.0).reshape(2, 3)).sum().backward()
print(x.grad, s.grad)

# The mask and self broadcast together; the source may have more elements than needed.
print(torch.masked_scatter(x.detach(), m[0], s.detach()))
print(torch.zeros(3).masked_scatter(torch.ones(2, 3, dtype=torch.bool), torch.arange(6.0)))
b = torch.zeros(3, requires_grad=True)
yb = b.masked_scatter(torch.tensor([[True, False, True], [False, True, True]]), torch.arange(6.0))
yb.sum().backward()
print(yb, b.grad)

z = torch.zeros(3)
print(z.masked_scatter_(torch.tensor([True, False, True]), torch.tensor([7.0, 8.0, 9.0])), z._version)
t = torch.zeros(2, 2).t()
print(t.masked_scatter_(torch.tensor([[True, False], [True, True]]), torch.arange(4.0)))
print(torch.zeros(3, dtype=torch.long).masked_scatter(torch.tensor([True, False, True]), torch.tensor([4, 5])))
print(torch.ones(2, 2, dtype=torch.bfloat16).masked_scatter(torch.tensor([True, False]),
                                                           torch.full((4,), 3.0, dtype=torch.bfloat16)))

# In place on a non-leaf, then backward through both inputs.
w = torch.zeros(2, 2, requires_grad=True)
src = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = w.clone()
v.masked_scatter_(torch.tensor([[True, False], [False, True]]), src)
print(v, v.grad_fn.name())
(v * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(w.grad, src.grad)

# Double backward through the source's gradient.
p = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
q = torch.zeros(3).masked_scatter(torch.tensor([False, True, True]), p * p)
g, = torch.autograd.grad(q.sum(), p, create_graph=True)
print(g, g.grad_fn.name())

attempt("uint8 mask", lambda: torch.zeros(3).masked_scatter(torch.tensor([1, 0, 1], dtype=torch.uint8), torch.ones(3)))
attempt("int64 mask", lambda: torch.zeros(3).masked_scatter(torch.tensor([0, 1, 1]), torch.tensor([5.0, 6.0, 7.0])))
attempt("mask of 2", lambda: torch.zeros(3).masked_scatter(torch.tensor([0, 2, 1]), torch.tensor([5.0, 6.0, 7.0])))
attempt("short source", lambda: torch.zeros(3).masked_scatter(torch.tensor([True, True, True]), torch.ones(2)))
attempt("dtypes", lambda: torch.zeros(3).masked_scatter(torch.tensor([True, True, True]),
                                                         torch.ones(3, dtype=torch.float64)))
attempt("broadcast", lambda: torch.zeros(3).masked_scatter(torch.tensor([True, True]), torch.ones(3)))
attempt("in place, mask larger", lambda: torch.zeros(3).masked_scatter_(torch.ones(2, 3, dtype=torch.bool),
                                                                         torch.ones(6)))
attempt("leaf in place", lambda: torch.zeros(3, requires_grad=True).masked_scatter_(
    torch.tensor([True, False, True]), torch.ones(3)))
attempt("no ones, empty source", lambda: torch.zeros(3).masked_scatter(torch.tensor([False, False, False]),
                                                                         torch.ones(0)))

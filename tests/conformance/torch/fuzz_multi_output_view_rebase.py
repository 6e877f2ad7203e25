# Found by the differential fuzzer: the outputs of split / unbind / chunk cannot follow an
# in-place change of their base (or of another view of it): using one afterwards raises
# (handle_view_on_rebase, indirect), and a view of such an output inherits the restriction.
import torch

def attempt(label, f):
    try:
        r = f()
        print(label, type(r.grad_fn).__name__ if r.grad_fn is not None else None)
    except RuntimeError as e:
        print(label, e)

b = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True) * 1
p, q = b.split(2)
b.add_(1)
attempt('p.grad_fn', lambda: p.grad_fn)
attempt('q * 2', lambda: q * 2)

c = torch.ones(3, 2, requires_grad=True) * 1
rows = c.unbind(0)
r0 = rows[0].unsqueeze(0)
attempt('view of unbind', lambda: r0)
attempt('in place on a view of unbind', lambda: r0.mul_(2))
c.sub_(1)
attempt('view of unbind after base change', lambda: r0.grad_fn)

d = torch.ones(4, requires_grad=True) * 1
first = d.chunk(2)[0]
d[3] = 7.0
attempt('chunk after setitem', lambda: first.sum())
print(d)

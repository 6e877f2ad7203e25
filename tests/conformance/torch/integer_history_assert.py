# An integer tensor that got a grad_fn in place (a float tensor that requires grad copied
# into it, CopySlices) cannot give an integer result a history: 1.13's set_history asserts
# isDifferentiableType for any op on it whose result is an integer tensor; float results
# are recorded as usual (fuzzer seed 1703).
import torch
t1 = torch.tensor(0.379, requires_grad=True)
for label, f in [('view', lambda t: t.view(12)), ('add', lambda t: t + 1), ('mul float', lambda t: t * 1.5), ('sum', lambda t: t.sum()), ('float', lambda t: t.float()), ('index', lambda t: t[0]), ('clone', lambda t: t.clone()), ('neg', lambda t: -t), ('cat', lambda t: torch.cat([t, t]))]:
    t2 = torch.arange(12).reshape([2, 3, 2])
    t2[0, 1:2] = t1
    try:
        r = f(t2)
        print(label, r.dtype, r.requires_grad, type(r.grad_fn).__name__)
    except RuntimeError as e:
        print(label, 'RuntimeError', str(e)[:120])

# F.logsigmoid and nn.LogSigmoid to the last bit: PyTorch 1.13 computes
# min(x, 0) - log1p(exp(-|x|)) with SLEEF on every element and saves exp(-|x|) as the
# buffer; the backward, the double backward (LogSigmoidBackwardBackward0) and forward AD.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

def values(n, seed, lo, hi):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(lo + (hi - lo) * state / 2147483648.0)
    return out

for dtype in (torch.float32, torch.float64):
    for n in [3, 8, 16, 17, 40, 100]:
        x = torch.tensor(values(n, n, -30., 30.), dtype=dtype, requires_grad=True)
        y = F.logsigmoid(x)
        y.backward(torch.tensor(values(n, n + 1, -2., 2.), dtype=dtype))
        print(dtype, n, ' '.join(v.hex() for v in y.tolist()))
        print('  grad', ' '.join(v.hex() for v in x.grad.tolist()))
    x = torch.tensor(values(60, 2, -5., 5.), dtype=dtype).reshape(6, 10)
    print('strided', [v.hex() for v in F.logsigmoid(x[:, ::3].t()).flatten().tolist()])
    special = torch.tensor([0., -0., 1e-30, -1e-30, 0.5, -0.5, 20., -20., 100., -100., 1e4, -1e4,
                            float('inf'), float('-inf'), float('nan')], dtype=dtype)
    print([v.hex() for v in F.logsigmoid(special).tolist()])

x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
y = F.logsigmoid(x)
print(y, y.grad_fn.name(), sorted(a for a in dir(y.grad_fn) if a.startswith('_saved')))
print(y.grad_fn._saved_buffer, y.grad_fn._saved_self is x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn.name(), sorted(a for a in dir(g.grad_fn) if a.startswith('_saved')))
print([type(f).__name__ for f, _ in g.grad_fn.next_functions])
print(torch.autograd.grad(g.sum(), x))

m = nn.LogSigmoid()
print(m, m(torch.tensor([[0.25, -4.0]])))
for t in (torch.tensor([1, 2]), torch.tensor([1.0], dtype=torch.float16)):
    try:
        F.logsigmoid(t)
    except RuntimeError as e:
        print(type(e).__name__, e)

with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1.0, -2.0], dtype=torch.float64), torch.tensor([1.0, 3.0], dtype=torch.float64))
    out = fwAD.unpack_dual(F.logsigmoid(d))
    print(out.primal.tolist(), out.tangent.tolist())

# torch.nn.utils.parametrizations.orthogonal: the matrix_exp (default for square weights),
# cayley and householder (default for rectangular ones) maps, with and without the
# dynamic trivialization (the `base` buffer), tall and wide and batched weights, assignment
# through right_inverse, a few optimizer steps, the module's repr, state_dict keys and
# 1.13's errors: values to the last bit.
import torch
import torch.nn as nn
from torch.nn.utils import parametrizations, parametrize

torch.manual_seed(0)

def show(label, module):
    W = module.weight
    print(label, W.tolist(), type(W.grad_fn).__name__)
    eye = torch.eye(min(W.shape[-2:]), dtype=W.dtype)
    gram = W.mT @ W if W.size(-2) >= W.size(-1) else W @ W.mT
    print(" orthogonal:", torch.allclose(gram, eye, atol=1e-5))

for dtype in (torch.float32, torch.float64):
    for shape in ((3, 3), (5, 3), (3, 5), (4, 4)):
        for orthogonal_map in (None, "matrix_exp", "cayley", "householder"):
            for trivial in (True, False):
                lin = nn.Linear(shape[1], shape[0]).to(dtype)
                try:
                    parametrizations.orthogonal(lin, orthogonal_map=orthogonal_map, use_trivialization=trivial)
                except Exception as e:
                    print(shape, orthogonal_map, trivial, type(e).__name__, e)
                    continue
                p = lin.parametrizations.weight[0]
                print(shape, orthogonal_map, trivial, p.orthogonal_map, hasattr(p, "base"))
                show(" init", lin)
                print(" original", lin.parametrizations.weight.original.tolist())
                opt = torch.optim.SGD(lin.parameters(), lr=0.1)
                for _ in range(3):
                    x = torch.randn(2, shape[1], dtype=dtype)
                    loss = lin(x).pow(2).sum()
                    opt.zero_grad()
                    loss.backward()
                    opt.step()
                show(" trained", lin)
                print(" original grad", lin.parametrizations.weight.original.grad.tolist())

lin = nn.Linear(3, 3)
parametrizations.orthogonal(lin)
print(lin)
print(sorted(lin.state_dict().keys()))
print(lin.parametrizations.weight[0].base.tolist())

# assigning an orthogonal matrix keeps it, a non-orthogonal one is orthogonalised
Q = torch.linalg.qr(torch.randn(3, 3))[0]
lin.weight = Q
print(lin.weight.tolist(), torch.allclose(lin.weight, Q, atol=1e-6))
lin.weight = torch.randn(3, 3)
print(lin.weight.tolist())

h = nn.Linear(3, 5)
parametrizations.orthogonal(h, orthogonal_map="householder", use_trivialization=False)
h.weight = torch.randn(5, 3)
print(h.weight.tolist(), h.parametrizations.weight.original.tolist())

# a batch of matrices (a parameter of a plain module) and parametrize.cached
m = nn.Module()
m.weight = nn.Parameter(torch.randn(2, 4, 3))
parametrizations.orthogonal(m)
print(m.weight.tolist())
with parametrize.cached():
    print(m.weight is m.weight)
m2 = nn.Module()
m2.weight = nn.Parameter(torch.randn(2, 3, 3, dtype=torch.float64))
parametrizations.orthogonal(m2, orthogonal_map="cayley")
print(m2.weight.tolist())

# errors
def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("vector", lambda: parametrizations.orthogonal(nn.Linear(3, 3), name="bias"))
attempt("missing", lambda: parametrizations.orthogonal(nn.Linear(3, 3), name="nothing"))
attempt("map", lambda: parametrizations.orthogonal(nn.Linear(3, 3), orthogonal_map="qr"))
e = nn.Linear(3, 3)
parametrizations.orthogonal(e, use_trivialization=False)
attempt("assign expm", lambda: setattr(e, "weight", torch.eye(3)))
attempt("assign shape", lambda: setattr(lin, "weight", torch.eye(4)))

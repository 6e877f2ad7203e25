# nn.utils.parametrizations.orthogonal's errors: a vector, a missing tensor, an unknown
# map, assigning to the matrix_exp / cayley maps without the trivialization, a wrong
# shape. Ends uncaught.
import torch
import torch.nn as nn
from torch.nn.utils import parametrizations

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("vector", lambda: parametrizations.orthogonal(nn.Linear(3, 3), name="bias"))
attempt("missing", lambda: parametrizations.orthogonal(nn.Linear(3, 3), name="nothing"))
attempt("map", lambda: parametrizations.orthogonal(nn.Linear(3, 3), orthogonal_map="qr"))
c = nn.Linear(3, 4)
parametrizations.orthogonal(c, orthogonal_map="cayley", use_trivialization=False)
attempt("assign cayley", lambda: setattr(c, "weight", torch.randn(4, 3)))
lin = nn.Linear(3, 3)
parametrizations.orthogonal(lin)
attempt("assign shape", lambda: setattr(lin, "weight", torch.eye(4)))
e = nn.Linear(3, 3)
parametrizations.orthogonal(e, use_trivialization=False)
e.weight = torch.eye(3)

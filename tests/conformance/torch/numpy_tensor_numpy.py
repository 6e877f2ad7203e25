# Tensor.numpy() and NumPy's array protocol: the array shares the tensor's memory, and
# NumPy functions applied to tensors give tensors back (__array_wrap__).
import warnings

import numpy as np
import torch

warnings.simplefilter("always")


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


t = torch.ones(5)
n = t.numpy()
print(n, n.dtype, n.flags["C_CONTIGUOUS"], n.flags["WRITEABLE"], n.flags["OWNDATA"])
t.add_(1)
print(t, n)
n[0] = 10
print(t, t._version)
print(type(n.base).__name__, n.base)

m = torch.arange(6.0).reshape(2, 3)
print(m.t().numpy().strides, m.t().numpy())
print(m[:, 1].numpy().strides, m[:, 1].numpy())
print(torch.ones(2).expand(3, 2).numpy().strides)
print(repr(torch.tensor(2.5).numpy()), type(torch.tensor(2.5).numpy()).__name__)

for dtype in [torch.float64, torch.float32, torch.float16, torch.int64, torch.int32, torch.int16, torch.int8,
              torch.uint8, torch.bool]:
    print(dtype, "->", repr(torch.tensor([1, 0, 2]).to(dtype).numpy().dtype))

x = torch.ones(2, requires_grad=True)
attempt("requires grad", lambda: x.numpy())
attempt("force=True", lambda: x.numpy(force=True))
attempt("detach", lambda: x.detach().numpy())
with torch.no_grad():
    attempt("under no_grad", lambda: x.numpy())
attempt("bfloat16", lambda: torch.ones(2, dtype=torch.bfloat16).numpy())
attempt("positional", lambda: torch.ones(2).numpy(True))
attempt("np.array of a tensor that requires grad", lambda: np.array(x))

# The array protocol.
attempt("np.asarray", lambda: np.asarray(torch.arange(3)))
attempt("np.array(dtype=)", lambda: np.array(torch.ones(2), dtype=np.float64))
attempt("np.stack", lambda: np.stack([torch.ones(2), torch.zeros(2)]))
attempt("np.sin", lambda: np.sin(torch.tensor([0.0, 1.0])))
attempt("np.exp float64", lambda: np.exp(torch.zeros(2, dtype=torch.float64)))
attempt("np.greater", lambda: np.greater(torch.tensor([1.0, -1.0]), 0))
attempt("np.sum", lambda: np.sum(torch.ones(2)))

# Mixing arrays and tensors in operators.
attempt("tensor + array", lambda: torch.ones(2) + np.ones(2))
attempt("array + tensor", lambda: np.ones(2) + torch.ones(2))
attempt("array * tensor", lambda: np.ones(2) * torch.ones(2))
attempt("tensor + 0-d array", lambda: torch.ones(2) + np.array(1.0))
attempt("0-d tensor * array", lambda: torch.tensor(1.0) * np.ones(2))
attempt("tensor == array", lambda: torch.ones(2) == np.ones(2))
attempt("tensor.add(array)", lambda: torch.ones(2).add(np.array([1.0, 2.0])))
attempt("torch.add(tensor, array)", lambda: torch.add(torch.ones(2), np.ones(2)))
attempt("torch.cat with an array", lambda: torch.cat([torch.ones(2), np.ones(2)]))
attempt("__radd__", lambda: torch.ones(2).__radd__(np.ones(2)))

# A round trip keeps the memory.
r = torch.from_numpy(torch.zeros(3).numpy())
r[1] = 5
print(r)

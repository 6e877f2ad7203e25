# torch.from_numpy shares the array's memory: writes through either side show in the other,
# the tensor keeps the array alive, and 1.13's errors for arrays it cannot take.
import warnings

import numpy as np
import torch

warnings.simplefilter("always")


def attempt(label, f):
    try:
        r = f()
        print(label, "->", r)
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


a = np.arange(6, dtype=np.float32).reshape(2, 3)
t = torch.from_numpy(a)
print(t, t.dtype, t.shape, t.stride(), t.is_contiguous(), t.requires_grad, t.is_leaf)
a[0, 0] = 7
print(t)
t.add_(1)
print(a)
print("version after add_:", t._version)
a += 1
print("version after a += 1:", t._version, t)

# Views of the array keep its strides (in elements).
tt = torch.from_numpy(a.T)
print(tt, tt.stride(), tt.is_contiguous())
col = torch.from_numpy(a[:, 1])
print(col, col.stride(), col.storage_offset())
col.mul_(10)
print(a)

# The tensor keeps the memory alive after the array's name is gone.
b = np.linspace(0.0, 1.0, 5)
tb = torch.from_numpy(b)
del b
print(tb, tb.dtype)

# Every dtype torch shares with NumPy.
for dtype in [np.float64, np.float32, np.float16, np.int64, np.int32, np.int16, np.int8, np.uint8, np.bool_]:
    x = torch.from_numpy(np.array([1, 0, 3], dtype=dtype))
    print(np.dtype(dtype).name, "->", x.dtype, x)

print(torch.from_numpy(np.zeros((0, 3))).shape)
print(torch.from_numpy(np.array(2.5)), torch.from_numpy(np.array(2.5)).dim())

attempt("negative strides", lambda: torch.from_numpy(a[:, ::-1]))
attempt("str array", lambda: torch.from_numpy(np.array(["a", "b"])))
attempt("uint16 array", lambda: torch.from_numpy(np.array([1], dtype=np.uint16)))
attempt("object array", lambda: torch.from_numpy(np.array([1, None], dtype=object)))
attempt("big endian", lambda: torch.from_numpy(np.array([1], dtype=">f4")))
attempt("a list", lambda: torch.from_numpy([1, 2]))
attempt("a numpy scalar", lambda: torch.from_numpy(np.float64(2.0)))
attempt("no argument", lambda: torch.from_numpy())
attempt("keyword", lambda: torch.from_numpy(ndarray=a))

ro = np.arange(3.0)
ro.flags.writeable = False
attempt("read-only, once", lambda: torch.from_numpy(ro))
attempt("read-only, twice (the warning is given once)", lambda: torch.from_numpy(ro))

# A tensor made from an array can join the graph as any leaf.
w = torch.from_numpy(np.array([0.5, -1.0, 2.0])).requires_grad_()
loss = (w * w).sum()
loss.backward()
print(w.grad, w.grad.dtype)

# NumPy scalars and arrays as data and as arguments: torch.tensor infers dtypes from them
# as 1.13 does, and NumPy integers and floats pass wherever Python numbers do.
import warnings

import numpy as np
import torch

warnings.simplefilter("always")


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r), getattr(r, "dtype", ""))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


arr = np.array([[1, 2], [3, 4]])
attempt("tensor(array)", lambda: torch.tensor(arr))
c = torch.tensor(arr)
c[0, 0] = 100
print("torch.tensor copies:", arr[0, 0])
attempt("tensor(float32 array)", lambda: torch.tensor(np.array([1.5, 2.5], dtype=np.float32)))
attempt("tensor(array, dtype=)", lambda: torch.tensor(np.array([1, 2], dtype=np.int32), dtype=torch.float64))
attempt("tensor(array, requires_grad=)", lambda: torch.tensor(np.array([1.0, 2.0]), requires_grad=True))
attempt("tensor(int array, requires_grad=)", lambda: torch.tensor(np.array([1, 2]), requires_grad=True))
attempt("tensor(0-d array)", lambda: torch.tensor(np.array(5)))
attempt("tensor(empty array)", lambda: torch.tensor(np.zeros((2, 0))))
attempt("tensor(str array)", lambda: torch.tensor(np.array(["a"])))
ro = np.arange(3.0)
ro.flags.writeable = False
attempt("tensor(read-only array): no warning, it copies", lambda: torch.tensor(ro))

attempt("as_tensor shares", lambda: torch.as_tensor(arr).data_ptr() == torch.from_numpy(arr).data_ptr())
attempt("as_tensor(dtype=) copies", lambda: torch.as_tensor(arr, dtype=torch.float32))
shared = torch.as_tensor(arr)
arr[1, 1] = -4
print(shared)

attempt("np.float32 scalar", lambda: torch.tensor(np.float32(3)))
attempt("np.float64 scalar", lambda: torch.tensor(np.float64(2.0)))
attempt("np.bool_ scalar", lambda: torch.tensor(np.bool_(True)))
attempt("np.uint16 scalar", lambda: torch.tensor(np.uint16(1)))
attempt("[np.float32, float]", lambda: torch.tensor([np.float32(3), 1.5]))
attempt("[np.float64, float]", lambda: torch.tensor([np.float64(1.0), 1.5]))
attempt("[float, np.float64]", lambda: torch.tensor([1.5, np.float64(1.0)]))
attempt("[np.int32, int]", lambda: torch.tensor([np.int32(3), 1]))
attempt("[np.int64, bool]", lambda: torch.tensor([np.int64(1), True]))
attempt("[np.float16, int]", lambda: torch.tensor([np.float16(1), 1]))
attempt("[np.uint16]", lambda: torch.tensor([np.uint16(1)]))
attempt("[tensor float64, float]", lambda: torch.tensor([torch.tensor(1.0, dtype=torch.float64), 2.0]))
attempt("[tensor int8, bool]", lambda: torch.tensor([torch.tensor(1, dtype=torch.int8), True]))

attempt("list of arrays", lambda: torch.tensor([np.array([1.0, 2.0]), np.array([3.0, 4.0])]))
attempt("tuple of one array", lambda: torch.tensor((np.array([1.0]),)))
attempt("float then 0-d array", lambda: torch.tensor([1.0, np.array(2.0)]))
attempt("0-d array first", lambda: torch.tensor([np.array(1.0), 2.0]))
attempt("ragged arrays", lambda: torch.tensor([np.array([1.0]), np.array([2.0, 3.0])]))
attempt("uint16 array in a list", lambda: torch.tensor([np.array([1], dtype=np.uint16)]))

# NumPy numbers as arguments.
attempt("mul np.int64", lambda: torch.ones(2) * np.int64(3))
attempt("int32 tensor mul np.int64", lambda: torch.ones(2, dtype=torch.int32) * np.int64(3))
attempt("int32 tensor mul np.float32", lambda: torch.ones(2, dtype=torch.int32) * np.float32(1.5))
attempt("float16 tensor mul np.float64", lambda: torch.ones(2, dtype=torch.float16) * np.float64(2))
attempt("np.float32 * tensor", lambda: np.float32(2) * torch.ones(2))
attempt("np.int64 + tensor", lambda: np.int64(2) + torch.ones(2))
attempt("tensor < np.float32", lambda: torch.ones(2) < np.float32(2))
attempt("full(np.float32)", lambda: torch.full((2,), np.float32(1.5)))
attempt("arange(np.int64)", lambda: torch.arange(np.int64(3)))
attempt("ones(np.int64, np.int32)", lambda: torch.ones(np.int64(2), np.int32(3)))
attempt("reshape(np.int64, -1)", lambda: torch.zeros(2).reshape(np.int64(1), -1))
attempt("sum(np.int64)", lambda: torch.ones(2, 3).sum(np.int64(1)))
attempt("unsqueeze(np.int64)", lambda: torch.zeros(2).unsqueeze(np.int64(0)).shape)
attempt("view((np.int64, 2))", lambda: torch.ones(4).view((np.int64(2), 2)).shape)
attempt("clamp(np.float64)", lambda: torch.arange(4.0).clamp(np.float64(1.5), np.float32(2.5)))
attempt("pow(np.int64)", lambda: torch.arange(4.0) ** np.int64(2))

# NumPy values as indices.
v = torch.arange(5) * 10
attempt("index array", lambda: v[np.array([0, 3])])
attempt("index int32 array", lambda: v[np.array([0, 2], dtype=np.int32)])
attempt("index bool array", lambda: v[np.array([True, False, True, False, True])])
attempt("index np.int64", lambda: v[np.int64(2)])
attempt("index [:, np.int32]", lambda: torch.arange(6).reshape(2, 3)[:, np.int32(1)])
w = torch.zeros(5)
w[np.array([1, 3])] = 7
print(w)

# Found by the differential fuzzer: indexing skips a slice that keeps a whole dim as written
# (start 0, stop the size, step 1) inside a tuple index, so an index that selects everything
# reads as an alias (AliasBackward0), as x[...] does; a single slice always slices. Writing
# through such an index writes into the tensor itself (no CopySlices).
import torch

x = torch.ones(3, 1, requires_grad=True) * 1
y = torch.ones(3, 2, requires_grad=True) * 1
for e in ["x[..., :1]", "x[:, :1]", "x[:]", "x[...]", "x[:, 0:1]", "y[..., :1]", "y[:, :2]", "y[0:3]",
          "x[0:5]", "y[:, ::1]", "x[None]", "y[..., :]", "y[:, -5:]", "y[0:3, 0:2]", "y[(slice(0, 3),)]"]:
    r = eval(e)
    print(e, type(r.grad_fn).__name__, type(r.grad_fn.next_functions[0][0]).__name__, r._is_view(), r is x or r is y)

for key in [Ellipsis, slice(0, 3), slice(None), (slice(0, 3), slice(None)), (Ellipsis, slice(0, 2))]:
    z = torch.ones(3, 2, requires_grad=True) * 1
    z[key] = 5.0
    w = torch.ones(3, 2, requires_grad=True) * 1
    w[key] = torch.tensor(2.0, requires_grad=True)
    print(key, type(z.grad_fn).__name__, type(w.grad_fn).__name__, z._version, w._version)
z = torch.ones(3, 2, requires_grad=True) * 1
z[...][0, 0] = 7.0
print(z, type(z.grad_fn).__name__)

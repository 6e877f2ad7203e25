# x[mask] = v and x[idx] = v: index_put_ in place (IndexPutBackward0, version bump), gradients to
# self and to the values, PyTorch's errors.
import torch
x = torch.tensor([1., -2., 3., -4.], requires_grad=True)
y = x * 1; y[y < 0] = 0; print(y, y.grad_fn.name(), y._version, y.grad_fn._saved_accumulate)
y.sum().backward(); print(x.grad)
z = torch.arange(6.).reshape(2, 3); z[z > 2] = torch.tensor(9.); print(z)
w = torch.zeros(3); w[torch.tensor([0, 2])] = torch.tensor([5., 6.]); print(w, w._version)
m = torch.zeros(2, 3); m[torch.tensor([True, False])] = 1; print(m)
a = torch.zeros(4); a[[1, 3]] = 2.5; print(a)
v = torch.tensor([7., 8.], requires_grad=True); b = torch.zeros(4); b[torch.tensor([0, 2])] = v * 2; b.sum().backward(); print(b, v.grad)
for bad in [lambda: torch.zeros(3).__setitem__(torch.tensor([0, 1]), torch.tensor([1., 2., 3.])),
            lambda: torch.zeros(3).__setitem__(torch.tensor([5]), 1.0),
            lambda: torch.zeros(3).__setitem__(torch.tensor([0]), torch.tensor([1.], dtype=torch.float64))]:
    try: bad()
    except Exception as e: print(type(e).__name__, e)

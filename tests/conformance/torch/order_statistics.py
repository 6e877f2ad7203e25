# kthvalue, median, mode, cummax and cummin: values, indices (which of equal values is
# picked), the grad_fn and what it saves, gradients, dtypes, 0-d and empty inputs, and
# the errors.
import torch

x = torch.tensor([[3., 1., 3., 2., 1.], [0., 5., 5., -1., 5.]], requires_grad=True)
cases = [
    ("kthvalue", lambda t: t.kthvalue(2, 1)),
    ("kthvalue k3 keepdim", lambda t: torch.kthvalue(t, 3, 1, keepdim=True)),
    ("kthvalue default dim", lambda t: t.kthvalue(1)),
    ("kthvalue dim 0", lambda t: t.kthvalue(2, dim=0)),
    ("median", lambda t: t.median()),
    ("median dim", lambda t: t.median(1)),
    ("median dim 0 keepdim", lambda t: t.median(0, keepdim=True)),
    ("mode", lambda t: t.mode(1)),
    ("mode dim 0", lambda t: t.mode(0)),
    ("mode default dim", lambda t: torch.mode(t)),
    ("cummax", lambda t: t.cummax(1)),
    ("cummin dim 0", lambda t: torch.cummin(t, 0)),
    ("cummin", lambda t: t.cummin(dim=-1)),
]
for name, fn in cases:
    r = fn(x)
    print(name, r)
    value = r if isinstance(r, torch.Tensor) else r.values
    fn_node = value.grad_fn
    print(type(fn_node).__name__, sorted(a for a in dir(fn_node) if a.startswith("_saved")))
    for attr in ("_saved_dim", "_saved_keepdim", "_saved_self_sizes"):
        if hasattr(fn_node, attr):
            print(" ", attr, getattr(fn_node, attr))
    value.backward(torch.arange(1.0, value.numel() + 1).reshape(value.shape))
    print("grad", x.grad)
    x.grad = None

torch.manual_seed(0)
for trial in range(40):
    n = 1 + trial % 13
    v = torch.randint(0, 4, (3, n)).double()
    k = 1 + trial % n
    print("ties", n, v[0].tolist(), v.kthvalue(k, 1).indices.tolist(), v.median(1).indices.tolist(),
          v.mode(1).indices.tolist(), v.cummax(1).indices[:, -1].tolist())
long_row = torch.tensor([((i * 37) % 23) % 7 for i in range(70)], dtype=torch.float32)
print("long row", long_row.kthvalue(30), long_row.median(0), long_row.median(), long_row.mode())

s = torch.tensor(2.5, requires_grad=True)
print(s.kthvalue(1), s.median(), s.median(0), s.mode(), s.cummax(0), s.cummin(0))
s.cummax(0).values.backward()
print(s.grad)
for name, fn in [
    ("int kthvalue", lambda: torch.tensor([3, 1, 2]).kthvalue(2)),
    ("int median", lambda: torch.tensor([3, 1, 2, 4]).median()),
    ("bool mode", lambda: torch.tensor([True, False, True]).mode()),
    ("int cummax", lambda: torch.tensor([1, 3, 2]).cummax(0)),
    ("bool cummin", lambda: torch.tensor([True, False, True]).cummin(0)),
    ("float32 median", lambda: torch.tensor([0.5, -2.0, 7.25, 1.0]).median()),
    ("empty median", lambda: torch.tensor([]).median()),
    ("empty cummax", lambda: torch.zeros(0).cummax(0)),
    ("nan median", lambda: torch.tensor([1., float("nan"), 2.]).median()),
    ("nan median dim", lambda: torch.tensor([[1., float("nan"), 2., float("nan")]]).median(1)),
    ("nan kthvalue", lambda: torch.tensor([1., float("nan"), 2.]).kthvalue(3)),
    ("nan cummax", lambda: torch.tensor([1., float("nan"), 2.]).cummax(0)),
    ("nan cummin", lambda: torch.tensor([1., float("nan"), 0.]).cummin(0)),
    ("k 0", lambda: x.kthvalue(0)),
    ("k too large", lambda: x.kthvalue(6, 1)),
    ("kthvalue empty", lambda: torch.zeros(0).kthvalue(1)),
    ("median empty dim", lambda: torch.zeros(2, 0).median(1)),
    ("mode empty dim", lambda: torch.zeros(2, 0).mode(1)),
    ("bool kthvalue", lambda: torch.tensor([True, False]).kthvalue(1)),
    ("bool median", lambda: torch.tensor([True, False]).median()),
    ("dim out of range", lambda: x.kthvalue(1, 2)),
    ("cummax dim out of range", lambda: x.cummax(2)),
]:
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__, e)

# A negative dim is saved as given; 1.13's nodes hand it to Python as an unsigned number.
y = torch.ones(2, 3, requires_grad=True)
for name, out in [("index_add", y.index_add(-1, torch.tensor([0]), torch.ones(2, 1))),
                  ("scatter", y.scatter(-1, torch.tensor([[0], [1]]), 1.0)),
                  ("split", y.split(1, -1)[0]), ("chunk", y.chunk(3, -1)[1]), ("unbind", y.unbind(-1)[0]),
                  ("prod", y.prod(-1)), ("mode", y.mode()[0]), ("cummin", y.cummin(-2)[0])]:
    print(name, out.grad_fn.name(), out.grad_fn._saved_dim)

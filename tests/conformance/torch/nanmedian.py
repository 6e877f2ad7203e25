# torch.nanmedian / Tensor.nanmedian: the lower median of the non-NaN elements (NaNs
# ordered last by the kernel's nth_element), of every element and along a dim with its
# indices (torch.return_types.nanmedian), all-NaN slices, integer, bfloat16, 0-d and empty
# inputs, NanmedianBackward0 (the gradient shared among elements equal to the result) and
# NanmedianBackward1 (the gradient to the picked index), their saved attributes, forward AD
# and 1.13's errors.
import torch
import torch.autograd.forward_ad as fwAD

torch.manual_seed(0)
nan = float('nan')

def attempt(f):
    try:
        r = f()
        print(r if not isinstance(r, torch.Tensor) else (r, r.grad_fn.name() if r.grad_fn else None))
    except (TypeError, RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)

x = torch.tensor([[1., nan, 3., 2.], [nan, nan, nan, nan], [5., 4., nan, 4.]])
print(torch.nanmedian(x), x.nanmedian(), torch.nanmedian(x[1]), torch.nanmedian(x[0]))
print(torch.nanmedian(x, 1))
print(x.nanmedian(0, keepdim=True))
print(torch.nanmedian(x, dim=-1, keepdim=False), x.t().nanmedian(0).indices.tolist())
a = torch.randn(6, 9)
a[a > 0.8] = nan
for d in (0, 1):
    r = a.nanmedian(d)
    print(r.values.tolist(), r.indices.tolist(), a[:, ::2].nanmedian(d).indices.tolist())
print(a.nanmedian().tolist(), a.median().tolist())
rep = torch.tensor([2., 2., nan, 1., 2., nan, 2., 1., 1.])
print(rep.nanmedian(0), rep.nanmedian())
for dtype in (torch.int64, torch.int32, torch.uint8, torch.bfloat16, torch.float64):
    t = torch.tensor([[3, 1, 2, 2], [7, 7, 0, 5]]).to(dtype)
    print(dtype, t.nanmedian(), t.nanmedian(1), t.nanmedian(0).values.dtype)
print(torch.tensor(5.).nanmedian(), torch.tensor(5.).nanmedian(0), torch.tensor(nan).nanmedian(-1))
print(torch.tensor([]).nanmedian(), torch.zeros(0, 3).nanmedian(1))
attempt(lambda: torch.zeros(0, 3).nanmedian(0))
attempt(lambda: torch.tensor([True, False]).nanmedian())
attempt(lambda: torch.tensor([True, False]).nanmedian(0))
attempt(lambda: torch.tensor([1., 2.]).half().nanmedian())
attempt(lambda: torch.tensor([1., 2.]).half().nanmedian(0))
attempt(lambda: torch.tensor([1., 2.]).nanmedian(1))

w = torch.tensor([[1., nan, 3., 2., 3.], [nan, nan, nan, nan, 1.], [5., 4., nan, 4., 4.]], dtype=torch.float64, requires_grad=True)
r = w.nanmedian()
fn = r.grad_fn
print(r, fn.name(), fn._saved_self is w, fn._saved_result.tolist())
r.backward(torch.tensor(6., dtype=torch.float64))
print(w.grad.tolist())
w.grad = None
allnan = torch.tensor([nan, 1., nan], requires_grad=True)
allnan[[0, 2]].nanmedian().backward()
print(allnan.grad.tolist())
v = torch.tensor([nan, nan, nan], requires_grad=True)
v.nanmedian().backward()
print(v.grad.tolist())
r = torch.nanmedian(w, 1)
fn = r.values.grad_fn
print(fn.name(), fn._saved_dim, fn._saved_keepdim, fn._saved_self_sizes, fn._saved_indices.tolist(), r.indices.grad_fn)
r.values.backward(torch.tensor([1., 2., 3.], dtype=torch.float64))
print(w.grad.tolist())
w.grad = None
k = w.nanmedian(0, keepdim=True)
print(k.values.grad_fn._saved_dim, k.values.grad_fn._saved_keepdim)
k.values.sum().backward()
print(w.grad.tolist())
g, = torch.autograd.grad(w.nanmedian(), w, create_graph=True)
print(g.grad_fn.name() if g.grad_fn else None)
g, = torch.autograd.grad(w.nanmedian(1).values.sum(), w, create_graph=True)
print(g.grad_fn.name() if g.grad_fn else None)

with fwAD.dual_level():
    p = torch.tensor([3., nan, 1., 2., 3.], dtype=torch.float64)
    dual = fwAD.make_dual(p, torch.tensor([1., 2., 3., 4., 5.], dtype=torch.float64))
    out = dual.nanmedian()
    print(fwAD.unpack_dual(out).tangent)
    out = dual.view(1, 5).nanmedian(1)
    print(fwAD.unpack_dual(out.values).tangent)

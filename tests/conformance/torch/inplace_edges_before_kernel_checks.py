# Fuzzer seed 1701 findings around in-place ops:
# - an in-place binary op collects its inputs' gradient edges before TensorIterator's
#   overlap and broadcast checks, so a stale multi-output view as `other` is refused first;
# - index_add_ saves index and source only when source needs a gradient, so zeroing a
#   constant source afterwards is no error (the released graph is reported instead);
# - .long() of an inference tensor outside inference mode counts its kernel's copy_.
import torch

torch.manual_seed(0)

base = torch.tensor([[[24.76723]], [[8.91943]]]).requires_grad_()
t5 = base * 1
t6 = t5.select(2, -1)
t16 = t5.chunk(1, 1)[0]
t6.relu_()
for label, f in [("sub_", lambda: t6.sub_(t16)), ("mul_", lambda: t6.mul_(t16)),
                 ("add_ broadcast", lambda: t6.add_(t16.expand(2, 3, 1)))]:
    try:
        f()
        print(label, "ok")
    except RuntimeError as e:
        print(label, "RuntimeError:", e)

leaf = torch.randn(3, 3, requires_grad=True)
y = leaf.erf()
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.clone(), lambda t: t):
    z = y * y
z.sum().backward()
source = torch.ones(1, 3)
y.index_add_(0, torch.tensor([2]), source)
print(y.grad_fn._saved_index, y.grad_fn._saved_source, y.grad_fn._saved_source_dim)
source.zero_()
try:
    torch.autograd.grad(torch.minimum(y, source).sum(), [leaf])
except RuntimeError as e:
    print("RuntimeError:", e)
needs = torch.ones(1, 3, requires_grad=True)
w = (leaf * 1).index_add(0, torch.tensor([1]), needs, alpha=2)
print(w.grad_fn._saved_index, w.grad_fn._saved_source.shape, w.grad_fn._saved_source_dim)

with torch.inference_mode():
    made = torch.randn(1, 2) * 2
for name, f in [("long", lambda: made.long()), ("int", lambda: made.int()), ("bool", lambda: made.bool()),
                ("double", lambda: made.double())]:
    r = f()
    print(name, r.dtype, r._version, r.is_inference())

# index_select's autograd kernel collects self's edge before the CPU kernel checks the
# index: a stale chunk is reported before the out-of-range index (fuzzer seed 1702)
t2 = torch.tensor([[1.982, 1.316, 0.659], [2.083, -1.872, 1.834]], requires_grad=True)
t5 = t2.chunk(2, 0)[0]
t2.detach().mul_(0.5)
for index in (torch.tensor([3]), torch.tensor([[0]])):
    try:
        t5.index_select(1, index)
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__ + ":", e)
try:
    torch.randn(2, 3, requires_grad=True).index_select(1, torch.tensor([3]))
except RuntimeError as e:
    print("RuntimeError:", e)

# gather and take too: self's edge before the index checks
for label, f in [("gather", lambda v: v.gather(1, torch.tensor([[5]]))),
                 ("gather index dtype", lambda v: v.gather(1, torch.tensor([[0.5]]))),
                 ("take", lambda v: v.take(torch.tensor([9]))),
                 ("take index dtype", lambda v: v.take(torch.tensor([1], dtype=torch.int32)))]:
    try:
        f(t5)
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__ + ":", str(e)[:60])
    try:
        f(torch.randn(1, 3, requires_grad=True))
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__ + ":", e)

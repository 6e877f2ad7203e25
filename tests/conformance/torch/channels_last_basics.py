# torch.channels_last and channels_last_3d (Note [Memory formats]): the strides
# contiguous/clone/to/empty/*_like give, is_contiguous(memory_format=...) against
# suggest_memory_format's ambiguous cases (a one-channel NCHW tensor is channels-last
# contiguous, yet .to(channels_last) copies it), the rank errors, elementwise results
# and gradients of channels-last tensors, and nn.Module.to(memory_format=...).
import torch

torch.manual_seed(0)
cl, cl3 = torch.channels_last, torch.channels_last_3d
formats = [torch.contiguous_format, torch.preserve_format, cl, cl3]


def show(name, t):
    print(name, tuple(t.shape), t.stride(), [t.is_contiguous(memory_format=f) for f in formats])


def attempt(name, fn):
    try:
        r = fn()
        print(name, "->", r.stride() if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(name, type(e).__name__, e)


x = torch.arange(24.).reshape(1, 2, 3, 4)
y = x.contiguous(memory_format=cl)
show("x", x)
show("y", y)
print(y.tolist() == x.tolist(), y.grad_fn, y.contiguous() is y, y.contiguous(memory_format=cl) is y)
print(y.flatten().tolist(), y.permute(0, 2, 3, 1).is_contiguous())
show("y.contiguous()", y.contiguous())
for sizes in [(2, 0, 3, 4), (2, 3, 0, 4), (2, 3, 1, 4), (2, 1, 4, 5), (1, 1, 1, 1), (3, 2, 1, 1)]:
    show(f"empty{sizes}", torch.empty(*sizes, memory_format=cl))
    t = torch.randn(*sizes)
    show(f"  randn{sizes}", t)
    show("  .contiguous(cl)", t.contiguous(memory_format=cl))
    show("  .to(cl)", t.to(memory_format=cl))
    show("  .clone(cl)", t.clone(memory_format=cl))
v = torch.randn(2, 3, 4, 5, 6)
show("5-d cl3", v.contiguous(memory_format=cl3))
show("5-d empty cl3", torch.empty(2, 1, 4, 1, 6, memory_format=cl3))
show("5-d one channel", torch.randn(2, 1, 3, 4, 5))

attempt("empty 2-d cl", lambda: torch.empty(2, 3, memory_format=cl))
attempt("empty 4-d cl3", lambda: torch.empty(2, 3, 4, 5, memory_format=cl3))
attempt("empty preserve", lambda: torch.empty(2, 3, memory_format=torch.preserve_format))
attempt("3-d contiguous(cl)", lambda: torch.ones(2, 3, 4).contiguous(memory_format=cl))
attempt("5-d contiguous(cl)", lambda: v.contiguous(memory_format=cl))
attempt("1-d clone(cl)", lambda: torch.ones(3).clone(memory_format=cl))
attempt("1-d to(cl)", lambda: torch.ones(3).to(memory_format=cl))
attempt("1-d to(float64, cl)", lambda: torch.ones(3).to(torch.float64, memory_format=cl))
attempt("zeros_like 1-d cl", lambda: torch.zeros_like(torch.ones(3), memory_format=cl))
attempt("contiguous(preserve) of contiguous", lambda: x.contiguous(memory_format=torch.preserve_format))
attempt("contiguous(preserve) of transposed", lambda: x.transpose(2, 3).contiguous(memory_format=torch.preserve_format))
attempt("is_contiguous positional", lambda: x.is_contiguous(cl))
attempt("is_contiguous int", lambda: x.is_contiguous(memory_format=3))
attempt("contiguous positional", lambda: x.contiguous(cl))
attempt("clone positional", lambda: x.clone(cl))
attempt("view(-1) of cl", lambda: y.view(-1))

a = torch.randn(2, 3, 4, 5, requires_grad=True)
b = a.to(memory_format=cl)
print("to:", b.grad_fn, b.stride(), b.to(memory_format=cl) is b, b.to(memory_format=torch.contiguous_format).stride())
b64 = a.to(torch.float64, memory_format=cl)
print("to float64:", b64.grad_fn, b64.dtype, b64.stride(), b64.tolist() == a.double().tolist())
print("cl to float64:", b.to(torch.float64).stride(), b.double().stride(), b.half().stride())
c = a.clone(memory_format=cl)
print("clone:", c.grad_fn, c.stride(), c.clone().stride(), c.clone(memory_format=torch.contiguous_format).stride())
print("contiguous:", a.contiguous(memory_format=cl).grad_fn, b.contiguous().grad_fn)
for name, fn in [("empty_like", torch.empty_like), ("zeros_like", torch.zeros_like), ("ones_like", torch.ones_like),
                 ("rand_like", torch.rand_like), ("randn_like", torch.randn_like),
                 ("full_like", lambda t, **kw: torch.full_like(t, 2.5, **kw))]:
    print(name, fn(b).stride(), fn(a, memory_format=cl).stride(), fn(b, memory_format=torch.contiguous_format).stride(),
          fn(b, memory_format=torch.preserve_format).stride())
print("elementwise:", (b + 1).stride(), b.exp().stride(), (b + a).stride(), (a + b).stride(), (b * b).stride(),
      torch.relu(b).stride(), torch.where(b > 0, b, a).stride())
((b * 2).exp().sum() + (c * 3).sum()).backward()
print("a.grad", a.grad.stride(), a.grad.flatten()[:5].tolist())

leaf = torch.randn(2, 3, 4, 5).contiguous(memory_format=cl).requires_grad_()
(leaf * 2).sum().backward()
print("cl leaf grad", leaf.grad.stride(), leaf.grad.is_contiguous(memory_format=cl))
leaf.grad = None
(leaf.exp() * torch.randn(2, 3, 4, 5)).sum().backward()
print("cl leaf grad 2", leaf.grad.stride())

m = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.Conv2d(4, 2, 1), torch.nn.Linear(5, 6))
params = list(m.parameters())
m.to(memory_format=cl)
print([p.stride() for p in m.parameters()], all(p is q for p, q in zip(params, m.parameters())))
print([(n, b.stride()) for n, b in m.named_buffers()])
m.to(torch.float64, memory_format=torch.contiguous_format)
print([(p.dtype, p.stride()) for p in m.parameters()])
m3 = torch.nn.Conv3d(2, 3, 2).to(memory_format=cl3)
print(m3.weight.stride(), m3.bias.stride())

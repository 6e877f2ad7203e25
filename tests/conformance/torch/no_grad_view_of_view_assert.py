# A view taken in grad mode of a view made under no_grad inherits the no_grad creation
# mode but has a grad_fn; an in-place op on it fails 1.13's internal assert in
# handle_view_on_rebase (a no_grad view without grad_fn gets the ordinary message).
import torch

torch.manual_seed(0)
leaf = torch.randn(4, 3, 1, dtype=torch.float64).requires_grad_()


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except RuntimeError as e:
        print(label, "RuntimeError:", e)


with torch.no_grad():
    nograd_view = leaf[..., :1]
print(nograd_view.requires_grad, nograd_view.grad_fn, nograd_view._is_view())


def setitem_all():
    nograd_view[:] = 0.5


attempt("setitem through a slice of the no_grad view", setitem_all)

grad_view = leaf[..., :1]
with torch.no_grad():
    view_in_no_grad = grad_view[1:]
print(view_in_no_grad.requires_grad, view_in_no_grad.grad_fn)
attempt("mul_ of a no_grad view of a grad-mode view", lambda: view_in_no_grad.mul_(2))

with torch.no_grad():
    outer = leaf[1:]
inner = outer[1:]
print(inner.requires_grad, type(inner.grad_fn).__name__)
attempt("mul_ of a grad-mode view of a no_grad view", lambda: inner.mul_(2))
attempt("mul_ of the no_grad view itself", lambda: outer.mul_(2))
print(leaf._version, leaf.grad)

# The same for views made in inference_mode: a grad-mode view (or multi-output views) of
# one keeps the inference-mode restriction and has a grad_fn (1.13's assert at line 800).
for label, make in [("slice", lambda v: v[:1]), ("unbind", lambda v: v.unbind(0)[0]),
                    ("split", lambda v: v.split(1)[0]), ("itself", lambda v: v)]:
    base = torch.randn(3, requires_grad=True) * 1
    with torch.inference_mode():
        inner = base[..., :2]
    view = make(inner)
    try:
        view.zero_()
        print(label, "ok")
    except RuntimeError as e:
        print(label, type(view.grad_fn).__name__, "RuntimeError:", e)

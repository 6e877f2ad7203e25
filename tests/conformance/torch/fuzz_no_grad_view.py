# Found by the differential fuzzer: a view made under no_grad (or inference_mode) of a tensor
# that requires grad requires grad too, is a leaf without a grad_fn and accumulates no
# gradient; changing it in place with grad mode on is refused (handle_view_on_rebase), and
# so is using it after its base changed in place. A view of a view keeps the mode of the
# first, and the outputs of split made where nothing is recorded are refused alike.
import torch

def attempt(label, f):
    try:
        r = f()
        if isinstance(r, torch.Tensor):
            print(label, r.requires_grad, r.is_leaf, None if r.grad_fn is None else type(r.grad_fn).__name__)
        else:
            print(label, r)
    except RuntimeError as e:
        print(label, '!', e)

a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
with torch.no_grad():
    b = a[..., :1]
    b2 = b.t()
print(b.requires_grad, b.is_leaf, b.grad_fn, b._is_view(), b2.requires_grad, b2._is_view())
c = b.exp()
print(c.requires_grad, type(c.grad_fn).__name__, c.grad_fn.next_functions)
c.sum().backward()
print(a.grad, b.grad)
attempt('b.mul_(2)', lambda: b.mul_(2))
attempt('b2.add_(1)', lambda: b2.add_(1))
with torch.no_grad():
    b.mul_(2)
print(b._version, a._version)
attempt('b.grad_fn after', lambda: b.grad_fn)
attempt('b * 1 after', lambda: b * 1)
attempt('b.is_leaf after', lambda: b.is_leaf)

m = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    first, second = m.split(2)
attempt('split in no_grad, add_', lambda: first.add_(1))
n = torch.ones(4)
p, q = n.split(2)
attempt('split of a no-grad tensor, mul_ by a grad tensor', lambda: p.mul_(torch.ones(2, requires_grad=True)))

with torch.inference_mode():
    v = a[0]
print(v.requires_grad, v.is_leaf, v.grad_fn)
attempt('inference view add_', lambda: v.add_(1))

leafless = torch.zeros(3)
view = leafless[:2]
leafless.requires_grad_()
print(view.requires_grad, view.is_leaf)
attempt('view of a late leaf, add_', lambda: view.add_(1))

# xlogy_ (method and torch.xlogy_) with a tensor or a number other: 1.13's nodes
# (XlogyBackward0 saving self from before the write, XlogyBackward2 with the number),
# gradients at x = 0, broadcasting into self, and the errors for an integer self, a shape
# that self cannot hold, and a leaf.
import torch

a = torch.tensor([0.0, 0.5, 2.0, 3.0], requires_grad=True)
y = torch.tensor([0.0, 1.5, -1.0, 4.0], requires_grad=True)
b = a * 1
r = b.xlogy_(y)
print(r is b, type(b.grad_fn).__name__, b._version, b)
print(b.grad_fn._saved_self, b.grad_fn._saved_other)
b.sum().backward()
print(a.grad, y.grad)

a.grad = None
c = a * 1
torch.xlogy_(c, 2.5)
print(type(c.grad_fn).__name__, c, c.grad_fn._saved_other)
c.sum().backward()
print(a.grad)
d = a * 1
d.xlogy_(-1.0)
d.sum().backward()
print(d, a.grad)

m = torch.ones(2, 3, dtype=torch.float64)
m.xlogy_(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
print(m.tolist())
f = torch.tensor([1.0, 2.0])
f.xlogy_(torch.tensor([2.0, 3.0], dtype=torch.float64))
print(f)
for name, fn in [('int self', lambda: torch.tensor([1, 2]).xlogy_(torch.tensor([2.0, 3.0]))),
                 ('int self number', lambda: torch.tensor([1, 2]).xlogy_(2)),
                 ('shape', lambda: torch.ones(3).xlogy_(torch.ones(2, 3))),
                 ('leaf', lambda: torch.ones(2, requires_grad=True).xlogy_(torch.ones(2))),
                 ('other int', lambda: torch.ones(2).xlogy_(torch.tensor([2, 3]))),
                 ('bad other', lambda: torch.ones(2).xlogy_('a'))]:
    try:
        print(name, fn())
    except (RuntimeError, TypeError) as e:
        print(name, type(e).__name__, e)

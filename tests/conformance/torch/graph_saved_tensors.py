# What each node saved for backward: _saved_self, _saved_other, _saved_result and scalars.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
m = x * y
print(m.grad_fn._saved_self, m.grad_fn._saved_other)
print(m.grad_fn._saved_self is x, m.grad_fn._saved_self.equal(x))
e = x.exp()
print(e.grad_fn._saved_result, e.grad_fn._saved_result.equal(e))
p = x ** 3
print(p.grad_fn._saved_self, p.grad_fn._saved_exponent)
d = x / y
print(d.grad_fn._saved_self, d.grad_fn._saved_other)
t = x.tanh()
print(t.grad_fn._saved_result)
s = x.sigmoid()
print(s.grad_fn._saved_result)
l = x.log()
print(l.grad_fn._saved_self)
mm = torch.ones(2, 2, requires_grad=True) @ torch.eye(2)
print(mm.grad_fn._saved_self, mm.grad_fn._saved_mat2)
ms = x * 2
print(ms.grad_fn._saved_other, ms.grad_fn._saved_self)
sm = x.softmax(0)
print(sm.grad_fn._saved_dim, sm.grad_fn._saved_result)
tr = x.unsqueeze(0).transpose(0, 1)
print(tr.grad_fn._saved_dim0, tr.grad_fn._saved_dim1)

# torch.autograd.Variable: returns a detached tensor sharing data, requires_grad, errors and isinstance.
import warnings

import torch
from torch.autograd import Variable

t = torch.tensor([1.0, 2.0, 3.0])
v = Variable(t)
print(type(v), v is t, v.requires_grad, v.is_leaf)
w = Variable(t, requires_grad=True)
print(w, w.is_leaf, w.grad_fn)
(w * w).sum().backward()
print(w.grad)
t.add_(1)
print(v, w, t._version, w._version)
print(isinstance(t, Variable), isinstance(3, Variable), Variable)
print(Variable())
y = w * 2
z = Variable(y)
print(z, z.grad_fn, z.requires_grad, z.is_leaf)
for bad in (3, [1.0]):
    try:
        Variable(bad)
    except TypeError as e:
        print(e)
try:
    Variable(torch.tensor([1, 2]), requires_grad=True)
except RuntimeError as e:
    print(e)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    Variable(t, volatile=True)
print([str(c.message) for c in caught])
print(Variable(t, True).requires_grad)
print(torch.autograd.variable.Variable is Variable)

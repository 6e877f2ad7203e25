# .data and .detach() of an inference tensor, taken outside inference mode, are still
# inference tensors but get a version counter of their own, which in-place ops bump;
# inside inference mode they get none. Views of an inference tensor are not views for
# autograd (_is_view() False, _base None) and have no version counter.
import torch
torch.manual_seed(0)

a = torch.rand(3, requires_grad=True)
with torch.inference_mode():
    t = a * 2
    d_in = t.detach()
    data_in = t.data
    n = torch.ones(2)
    nd = n.data


def probe(name, u):
    try:
        v = u._version
    except RuntimeError as e:
        v = str(e)
    try:
        u.add_(1)
        ok = 'add_ ok'
    except RuntimeError as e:
        ok = str(e)
    try:
        v2 = u._version
    except RuntimeError as e:
        v2 = 'no version'
    print(name, u.is_inference(), u._is_view(), u._base is None, v, '|', ok, '|', v2)


probe('data', t.data)
probe('detach', t.detach())
probe('data_in', data_in)
probe('detach_in', d_in)
probe('nd', nd)
probe('data.data', t.data.data)
probe('data.view', t.data.view(3))
probe('data.detach', t.data.detach())
probe('view.detach', t.view(3).detach())
probe('view', t.view(3))
probe('slice', t[1:])
probe('unsqueeze', t.unsqueeze(0))
x = t.data
y = x.detach()
y.add_(1)
print(x._version, y._version)
z = x.data
z.mul_(2)
print(x._version, z._version)
with torch.inference_mode():
    x.add_(1)
    print('inside', x._version)
    w = x.view(3)
    print(w._is_view(), w.is_inference())
print(t)
with torch.no_grad():
    h = t.detach()
    h.mul_(1)
    print('no_grad', h._version)
try:
    x.requires_grad_()
except RuntimeError as e:
    print(e)
try:
    (a * x).sum()
except RuntimeError as e:
    print(e)
print((a + x).grad_fn.__class__.__name__)

# Forward-mode AD through in-place ops: the tangent is updated in place (views of it see
# the change), a plain tensor written with a dual value becomes dual, and a view written
# in place gives its base a tangent too.
import torch
import torch.autograd.forward_ad as fwAD


def tangent(t):
    return fwAD.unpack_dual(t).tangent


with fwAD.dual_level():
    x = torch.tensor([0.5, -1.5, 2.0, 0.25])
    tx = torch.tensor([1.0, 2.0, -1.0, 0.5])
    y = torch.tensor([1.5, 0.5, -2.0, 4.0])
    ty = torch.tensor([-0.5, 1.0, 0.25, 2.0])

    d = fwAD.make_dual(x.clone(), tx.clone())
    dt = tangent(d)
    d.mul_(fwAD.make_dual(y, ty))
    print(d, tangent(d) is dt)
    d.add_(y, alpha=2)
    print(tangent(d))
    d.sub_(fwAD.make_dual(y, ty))
    print(tangent(d))
    d.div_(fwAD.make_dual(y, ty))
    print(tangent(d).tolist())
    d.pow_(2)
    print(tangent(d).tolist())
    d.exp_()
    print(tangent(d).tolist())
    d.sigmoid_()
    print(tangent(d).tolist())
    d.tanh_()
    print(tangent(d).tolist())
    d.relu_()
    print(tangent(d).tolist())
    d.mul_(3)
    print(tangent(d).tolist())
    d.zero_()
    print(tangent(d), tangent(d) is dt)

    # A plain tensor written from a dual one becomes dual.
    p = torch.zeros(4)
    p.copy_(fwAD.make_dual(y, ty))
    print(p)
    q = torch.ones(4)
    q.mul_(fwAD.make_dual(y, ty))
    print(q)

    # Views: the view's tangent is a view of the base's tangent.
    base = fwAD.make_dual(torch.arange(6.0).reshape(2, 3), torch.ones(2, 3))
    row = base[0]
    row.mul_(2)
    print(tangent(base))
    base.add_(fwAD.make_dual(torch.ones(2, 3), torch.full((2, 3), 0.5)))
    print(tangent(row))

    # A view of a plain tensor written in place: the base gets a tangent.
    plain = torch.zeros(2, 3)
    col = plain[:, 1]
    col.copy_(fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
    print(plain)
    print(tangent(col))

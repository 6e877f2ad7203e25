# unpack_dual(t).primal is _fw_primal(t): a view of t whose grad_fn is 1.13's Identity
# node (a C++ node without a Python class: type CppFunction, printed grad_fn=<Identity>),
# and whose regenerated grad_fn after an in-place change is AsStridedBackward0.
import torch
import torch.autograd.forward_ad as fwAD

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with fwAD.dual_level():
    d = fwAD.make_dual(x, torch.ones(3))
    print(d.grad_fn, d.grad_fn.next_functions[0][0] is x.grad_fn, d._is_view(), d._base is x)
    p = fwAD.unpack_dual(d).primal
    print(p)
    g = p.grad_fn
    print(type(g).__name__, g.name(), g.next_functions[0][0] is d.grad_fn, g.next_functions[0][1])
    print(p._is_view(), p._base is x, p._version, p.is_leaf, p.requires_grad, fwAD.unpack_dual(p).tangent)
    print(g.metadata, g.requires_grad)
    print([n for n in dir(g) if not n.startswith("__")])

    leaf = fwAD.unpack_dual(x).primal
    print(leaf, leaf._is_view(), leaf._base is x, leaf.grad_fn.name(), type(leaf.grad_fn.next_functions[0][0]).__name__)

    y = x * 2
    q = fwAD.unpack_dual(y).primal
    print(q, q.grad_fn.next_functions[0][0] is y.grad_fn, q._base is y)
    q2 = q.view(3, 1)
    print(q2.grad_fn, q2._base is y)
    q.sum().backward()
    print(x.grad)

    y.mul_(2)
    print(q, y._version, q._version)

    y3 = x * 1
    s = fwAD.unpack_dual(y3).primal
    s.add_(1)
    print(s.grad_fn, y3.grad_fn, s.grad_fn.next_functions[0][0] is y3.grad_fn)

    with torch.no_grad():
        r = fwAD.unpack_dual(y).primal
    print(r.grad_fn, r.requires_grad, r._is_view())
    try:
        r.mul_(2)
    except Exception as e:
        print(type(e).__name__, e)

    plain = fwAD.unpack_dual(torch.ones(2)).primal
    print(plain, plain.grad_fn, plain._is_view())

    x2 = torch.tensor(1.5, requires_grad=True)
    o = fwAD.unpack_dual(x2).primal
    print(torch.autograd.grad(o * o, x2))

    hooked = fwAD.unpack_dual(x * 3).primal
    hooked.grad_fn.register_hook(lambda gi, go: print("hook", gi, go))
    hooked.sum().backward()
    print(x.grad)

# Forward-mode AD: dual levels, make_dual / unpack_dual, tangent layout and identity,
# tangents dropped when the level exits, and PyTorch 1.13's errors.
import torch
import torch.autograd.forward_ad as fwAD


def attempt(what, fn):
    try:
        fn()
        print(what, "ok")
    except Exception as e:
        print(what, type(e).__name__, e)


x = torch.tensor([1.0, 2.0, 3.0])
t = torch.tensor([0.5, -1.0, 2.0])

attempt("make_dual without level:", lambda: fwAD.make_dual(x, t))
print(fwAD.unpack_dual(x))

with fwAD.dual_level() as level:
    print("level", level)
    attempt("nested dual_level:", lambda: fwAD.enter_dual_level())
    d = fwAD.make_dual(x, t)
    print(d)
    print(d._base is x, d.is_leaf, d.requires_grad, d.grad_fn)
    u = fwAD.unpack_dual(d)
    print(type(u).__name__, u.primal is x, u.primal._base is x, u.tangent is t)
    print(u)
    primal, tangent = u
    print(primal, tangent)
    print(fwAD.unpack_dual(x).tangent)
    print(fwAD.unpack_dual(primal).tangent)

    # Same layout: kept as it is; another layout: copied into the primal's layout.
    m = torch.arange(6.0).reshape(2, 3)
    kept = fwAD.make_dual(m, torch.ones(2, 3))
    print(fwAD.unpack_dual(kept).tangent.stride())
    tangent_t = torch.arange(6.0).reshape(3, 2).t()
    copied = fwAD.make_dual(m, tangent_t)
    ct = fwAD.unpack_dual(copied).tangent
    print(ct is tangent_t, ct.stride(), ct)
    mt = fwAD.make_dual(m.t(), torch.ones(3, 2))
    print(fwAD.unpack_dual(mt).tangent.stride())

    # A float64 tangent on a float32 primal is kept as it is.
    t64 = torch.ones(3, dtype=torch.float64)
    d64 = fwAD.make_dual(x, t64)
    print(fwAD.unpack_dual(d64).tangent is t64)

    attempt("size mismatch:", lambda: fwAD.make_dual(x, torch.ones(2)))
    attempt("integer primal:", lambda: fwAD.make_dual(torch.tensor([1, 2, 3]), t))
    attempt("integer tangent:", lambda: fwAD.make_dual(x, torch.tensor([1, 2, 3])))
    attempt("dual of a dual:", lambda: fwAD.make_dual(d, t))
    attempt("exit another level:", lambda: fwAD.exit_dual_level(level=3))

    # A requires-grad primal: the dual is a differentiable view.
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    dw = fwAD.make_dual(w, torch.tensor([1.0, 1.0]))
    print(dw.grad_fn.name(), dw.requires_grad, dw._base is w)
    y = dw * dw
    print(y)
    y.sum().backward()
    print(w.grad)

print(fwAD.unpack_dual(d))
print(d)
print(fwAD.unpack_dual(y).tangent)

level = fwAD.enter_dual_level()
print("entered", level)
fwAD.exit_dual_level()
attempt("exit without level:", lambda: torch._C._exit_dual_level(level=0))
attempt("negative level:", lambda: torch._C._exit_dual_level(level=-1))


@fwAD.dual_level()
def decorated():
    return fwAD.unpack_dual(fwAD.make_dual(x, t) * 3).tangent


print(decorated())

# unpack_dual of something that is not a tensor: aten's argument name
with fwAD.dual_level():
    for bad in ((torch.ones(1),), 3):
        try:
            fwAD.unpack_dual(bad)
        except TypeError as e:
            print("TypeError:", e)

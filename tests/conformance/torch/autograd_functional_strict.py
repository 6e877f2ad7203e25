# torch.autograd.functional: tuple outputs, strict-mode errors, argument checks,
# create_graph results that can be differentiated again.
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp


def attempt(label, fn):
    try:
        print(label, fn())
    except (RuntimeError, TypeError) as e:
        print(label, type(e).__name__ + ":", e)


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
y = torch.tensor([1.5, 0.25], dtype=torch.float64)


def two_outputs(a, b):
    return a * a, (a.sum() * b).exp()


def linear(a):
    return 3 * a


def constant(a):
    return torch.ones(2)


def ignores_b(a, b):
    return (a * a).sum()


print(jacobian(two_outputs, (x, y)))
print(jacobian(lambda a: a.tanh(), x))
attempt("jac strict independent", lambda: jacobian(ignores_b, (x, y), strict=True))
attempt("jac strict no grad", lambda: jacobian(constant, x, strict=True))
attempt("jac strict linear create_graph", lambda: jacobian(linear, x, create_graph=True, strict=True))
attempt("jac strict vectorize", lambda: jacobian(linear, x, strict=True, vectorize=True))
print(jacobian(ignores_b, (x, y)))
print(jacobian(linear, x, vectorize=True))
attempt("jac bad input", lambda: jacobian(linear, [x]))
attempt("jac bad tuple input", lambda: jacobian(ignores_b, (x, 2.0)))
attempt("jac bad output", lambda: jacobian(lambda a: 1.0, x))

print(hessian(lambda a: (a ** 3).sum(), x))
print(hessian(ignores_b, (x, y)))
attempt("hess strict linear", lambda: hessian(lambda a: (2 * a).sum(), x, strict=True))
attempt("hess not scalar", lambda: hessian(lambda a: a * a, x))
attempt("hess tuple", lambda: hessian(lambda a: (a.sum(), a.sum()), x))
attempt("hess strict independent", lambda: hessian(ignores_b, (x, y), strict=True))

print(vjp(two_outputs, (x, y), (torch.ones(3, dtype=torch.float64), torch.ones(2, dtype=torch.float64))))
attempt("vjp no v", lambda: vjp(linear, x))
print(vjp(lambda a: a.sum(), x))
attempt("vjp bad size", lambda: vjp(linear, x, torch.ones(2, dtype=torch.float64)))
attempt("vjp bad len", lambda: vjp(two_outputs, (x, y), (torch.ones(3),)))
attempt("vjp single", lambda: vjp(linear, x, (torch.ones(3), torch.ones(3))))
attempt("vjp entry size", lambda: vjp(two_outputs, (x, y), (torch.ones(3), torch.ones(3))))
attempt("vjp strict", lambda: vjp(ignores_b, (x, y), torch.tensor(1.0, dtype=torch.float64), strict=True))
print(vjp(ignores_b, (x, y), torch.tensor(1.0, dtype=torch.float64)))
attempt("vjp strict create_graph", lambda: vjp(linear, x, torch.ones(3, dtype=torch.float64),
                                               create_graph=True, strict=True))
attempt("vjp strict output", lambda: vjp(constant, x, torch.ones(2), strict=True))

print(jvp(two_outputs, (x, y), (torch.ones(3, dtype=torch.float64), torch.zeros(2, dtype=torch.float64))))
attempt("jvp no v", lambda: jvp(linear, x))
print(jvp(lambda a: a * a, torch.tensor([3.0])))
attempt("jvp strict", lambda: jvp(ignores_b, (x, y), (x, y), strict=True))
attempt("jvp strict linear", lambda: jvp(linear, x, x, strict=True))
print(jvp(linear, x, x))

v = torch.tensor([1.0, 0.0, -1.0], dtype=torch.float64)
print(hvp(lambda a: (a ** 3).sum(), x, v))
print(vhp(lambda a: (a ** 3).sum(), x, v))
attempt("hvp strict", lambda: hvp(lambda a: (2 * a).sum(), x, v, strict=True))
attempt("vhp strict", lambda: vhp(lambda a: (2 * a).sum(), x, v, strict=True))
attempt("hvp strict ind", lambda: hvp(ignores_b, (x, y), (x, y), strict=True))
attempt("vhp strict ind", lambda: vhp(ignores_b, (x, y), (x, y), strict=True))
attempt("hvp not scalar", lambda: hvp(lambda a: a * a, x, v))
attempt("vhp tuple", lambda: vhp(lambda a: (a.sum(),), x, v))
attempt("vhp no v", lambda: vhp(lambda a: (a ** 3).sum(), x))
print(hvp(ignores_b, (x, y), (v, y)))
print(vhp(lambda a: (a ** 3).sum(), torch.tensor(2.0)))

# create_graph: the results keep their history and can be differentiated.
w = torch.tensor([0.3, 0.7], requires_grad=True)
out, g = vjp(lambda a: (a * a * a).sum(), w, create_graph=True)
print(out.requires_grad, g.requires_grad)
g.sum().backward()
print(w.grad)
h = hessian(lambda a: (a ** 4).sum(), w, create_graph=True)
print(h.requires_grad)
h.sum().backward()
print(w.grad)
out, jv = jvp(lambda a: a.sin(), w, torch.ones(2), create_graph=True)
print(jv.grad_fn is not None)
# Without create_graph nothing comes back with history, even from inputs that require grad.
print(jacobian(lambda a: a * a, w).requires_grad, vjp(lambda a: a.sum(), w)[1].requires_grad)
with torch.no_grad():
    print(jacobian(lambda a: a * a, w))

# torch.add / sub / mul / div with a Python number as `input` (PyTorch 1.13's argument
# parser wraps it into a 0-d "wrapped number" tensor): results, dtypes, the node with no
# edge for the number and its saved `self`, gradients, alpha, two numbers; subtraction
# with bool operands; torch.pow(Number, Tensor) (PowBackward2); functions that refuse a number.
import torch

def run(label, call):
    try:
        out = call()
        if isinstance(out, torch.Tensor):
            print(label, out.tolist(), out.dtype, out.grad_fn.name() if out.grad_fn else None)
        else:
            print(label, out)
    except (TypeError, RuntimeError) as e:
        print(label, type(e).__name__, e)

t = torch.tensor([1.5, -2., 4.], requires_grad=True)
i = torch.tensor([1, 2, 3])
d = torch.tensor([1., 3.], dtype=torch.float64)
for name in ("add", "sub", "mul", "div"):
    f = getattr(torch, name)
    for number in (2, -3, 2.5, True):
        run("%s(%r, t)" % (name, number), lambda: f(number, t))
        run("%s(%r, i)" % (name, number), lambda: f(number, i))
        run("%s(%r, d)" % (name, number), lambda: f(number, d))
    for a, b in ((2, 3), (2., 3), (2, 3.5), (7, 2), (True, False), (True, 3)):
        run("%s(%r, %r)" % (name, a, b), lambda: f(a, b))
    r = f(2, t)
    print(name, r.grad_fn.next_functions[0], r.grad_fn.next_functions[1][0].name())
    r.backward(torch.tensor([1., 10., 100.]))
    print(t.grad)
    t.grad = None
    run("%s(input=2, other=t)" % name, lambda: f(input=2, other=t))
    run("%s(2, other=t)" % name, lambda: f(2, other=t))
    run("%s(None, t)" % name, lambda: f(None, t))
    run("%s('a', t)" % name, lambda: f('a', t))

print(torch.mul(2, t).grad_fn._saved_self, torch.mul(2.5, t).grad_fn._saved_self, torch.mul(2, t).grad_fn._saved_other)
print(torch.div(3, t).grad_fn._saved_self, torch.div(3, t).grad_fn._saved_other.equal(t))
print(torch.sub(2, t).grad_fn._saved_alpha, torch.add(2, t, alpha=3).grad_fn._saved_alpha)
run("add alpha", lambda: torch.add(2, t, alpha=3))
run("sub alpha", lambda: torch.sub(2, t, alpha=2))
run("add int alpha float", lambda: torch.add(2, i, alpha=2.5))
run("sub 2 numbers alpha", lambda: torch.sub(2, 3, alpha=2))
x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
torch.div(2, x).sum().backward()
print(x.grad.tolist())
x.grad = None
torch.sub(2, x, alpha=3).sum().backward()
print(x.grad.tolist())
g, = torch.autograd.grad(torch.mul(3, x * x).sum(), x, create_graph=True)
print(g, g.grad_fn.name())

# subtraction refuses bool operands, as at::native::sub_check does
for label, call in (("bool - int", lambda: torch.tensor([True]) - 1), ("int - bool", lambda: torch.tensor([1]) - True),
                    ("bool - tensor", lambda: torch.tensor([True]) - torch.tensor([1])),
                    ("float - 0-d bool", lambda: torch.tensor([1.]) - torch.tensor(True)),
                    ("sub(True)", lambda: torch.tensor([1.]).sub(True)), ("1 - bool", lambda: 1 - torch.tensor([True])),
                    ("bool sub 1.5", lambda: torch.tensor([True]).sub(1.5)), ("bool - bool", lambda: torch.tensor([True]) - True),
                    ("sub(True, i)", lambda: torch.sub(True, i)), ("sub(2, bool)", lambda: torch.sub(2, torch.tensor([True]))),
                    ("sub(True, True)", lambda: torch.sub(True, True))):
    run(label, call)

# torch.pow(Number self, Tensor exponent)
run("pow(2, t)", lambda: torch.pow(2, t))
run("pow(2.5, i)", lambda: torch.pow(2.5, i))
run("pow(2, exponent=t)", lambda: torch.pow(2, exponent=t))
print(torch.pow(2, t).grad_fn._saved_self, torch.pow(2, t).grad_fn._saved_result)
torch.pow(2, t).sum().backward()
print(t.grad)
run("pow(2, 3)", lambda: torch.pow(2, 3))
run("pow('a', t)", lambda: torch.pow('a', t))

# the functions that take no number as input
for name in ("maximum", "minimum", "atan2"):
    run(name, lambda: getattr(torch, name)(2, t))
for label, call in (("sub_(True)", lambda: torch.tensor([1.]).sub_(True)), ("bool sub_(1)", lambda: torch.tensor([True]).sub_(1)),
                    ("bool sub_(bool)", lambda: torch.tensor([True]).sub_(torch.tensor([True]))),
                    ("leaf sub_(True)", lambda: t.sub_(True))):
    run(label, call)

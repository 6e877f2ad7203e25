import torch
torch.manual_seed(0)


def graph(fn):
    if fn is None:
        return "None"
    kids = [graph(f) for f, _ in fn.next_functions]
    return type(fn).__name__ + ("(" + ",".join(kids) + ")" if kids else "")


def show(name, make, *inputs):
    """Prints the result's graph, values and shape, then the gradients (full precision)
    of a weighted sum of every output."""
    try:
        result = make()
    except Exception as e:  # noqa: BLE001  the error text is part of the expected output
        print(name, "raises", type(e).__name__, e)
        return
    outputs = list(result) if isinstance(result, (tuple, list)) else [result]
    for out in outputs:
        print(name, graph(out.grad_fn), tuple(out.shape), out.dtype, out.tolist())
    total = sum((out.double() * torch.arange(out.numel(), dtype=torch.float64).view(out.shape).cos()).sum()
                for out in outputs if out.requires_grad)
    if not inputs:
        return
    try:
        grads = torch.autograd.grad(total, inputs, allow_unused=True)
    except Exception as e:  # noqa: BLE001  vander's own backward fails in 1.13
        print("  grad raises", type(e).__name__, e)
        return
    for g in grads:
        print("  grad", None if g is None else g.tolist())


a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(4, requires_grad=True)
c = torch.randn(3, requires_grad=True)
d = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)

# trapezoid rule: a spacing gives MulBackward1 (the Scalar overload), points DivBackward1
show("trapz", lambda: torch.trapz(a), a)
show("trapz x", lambda: torch.trapz(a, b), a, b)
show("trapz dx", lambda: torch.trapz(a, dx=0.5, dim=0), a)
show("trapezoid dim", lambda: torch.trapezoid(d, dim=1), d)
show("trapezoid x 1-d", lambda: torch.trapezoid(d, c.double(), dim=1), c, d)
show("trapezoid x same shape", lambda: torch.trapezoid(d, d * d), d)
show("trapezoid long", lambda: torch.trapezoid(torch.arange(6).view(2, 3)))
show("trapezoid long dx", lambda: torch.trapezoid(torch.arange(6).view(2, 3), dx=2))
show("trapezoid empty dim", lambda: torch.trapezoid(torch.ones(0, 3), dim=0))
show("trapezoid bool", lambda: torch.trapezoid(a > 0))
show("trapezoid bad x", lambda: torch.trapezoid(a, c))
show("trapezoid dx bool", lambda: torch.trapezoid(a, dx=True))
show("trapezoid dim range", lambda: torch.trapz(a, dim=5))
show("cumulative_trapezoid", lambda: torch.cumulative_trapezoid(a), a)
show("cumulative_trapezoid x", lambda: torch.cumulative_trapezoid(a, b), a, b)
show("cumulative_trapezoid dx", lambda: torch.cumulative_trapezoid(d, dx=3, dim=0), d)
show("cumulative_trapezoid empty", lambda: torch.cumulative_trapezoid(torch.ones(0, 3), dim=0))
show("cumulative_trapezoid long", lambda: torch.cumulative_trapezoid(torch.arange(6).view(2, 3)))

# cov and corrcoef
show("cov", lambda: torch.cov(a), a)
show("cov 1-d", lambda: torch.cov(b), b)
show("cov fweights", lambda: torch.cov(a, correction=0, fweights=torch.tensor([1, 2, 1, 3])), a)
show("cov aweights", lambda: torch.cov(a, aweights=torch.tensor([0.5, 2, 1, 3])), a)
show("cov both weights", lambda: torch.cov(a, fweights=torch.tensor([1, 2, 1, 3]),
                                         aweights=torch.tensor([0.5, 2, 1, 3])), a)
show("cov fweights only", lambda: torch.cov(a, fweights=torch.tensor([1, 2, 1, 3])), a)
show("cov method", lambda: a.double().t().cov(correction=2), a)
show("cov long", lambda: torch.cov(torch.tensor([[1, 2, 4], [3, 1, 0]])))
show("cov one observation", lambda: torch.cov(torch.ones(2, 1)))
show("cov 3-d", lambda: torch.cov(d))
show("cov bool", lambda: torch.cov(a > 0))
show("cov float fweights", lambda: torch.cov(a, fweights=torch.ones(4)))
show("cov fweights count", lambda: torch.cov(a, fweights=torch.ones(3, dtype=torch.long)))
show("cov negative fweights", lambda: torch.cov(a, fweights=torch.tensor([1, -1, 1, 1])))
show("cov long aweights", lambda: torch.cov(a, aweights=torch.ones(4, dtype=torch.long)))
show("cov zero weights", lambda: torch.cov(a, fweights=torch.zeros(4, dtype=torch.long)))
show("corrcoef", lambda: torch.corrcoef(a), a)
show("corrcoef 1-d", lambda: c.corrcoef(), c)
show("corrcoef constant", lambda: torch.corrcoef(torch.ones(2, 3)))
show("corrcoef 3-d", lambda: torch.corrcoef(d))

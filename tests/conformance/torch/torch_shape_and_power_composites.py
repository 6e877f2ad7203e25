# positive, ger, ravel, msort, diagflat, float_power(_), matrix_power: ATen composites over
# outer, contiguous + view, sort, diag, to + pow and matmul.
import torch

torch.set_printoptions(precision=10)


def graph(t):
    f = t.grad_fn
    if f is None:
        return None
    return (f.name(), [graph_node(n) for n, _ in f.next_functions])


def graph_node(n):
    if n is None:
        return None
    return (n.name(), [graph_node(m) for m, _ in n.next_functions]) if n.next_functions else n.name()


def run(name, f, *leaves):
    try:
        r = f()
        print(name, r.dtype, list(r.shape), r.double().tolist(), graph(r))
        if r.requires_grad:
            for leaf in leaves:
                leaf.grad = None
            (r * torch.arange(1, r.numel() + 1, dtype=r.dtype).view(r.shape)).sum().backward()
            print("  grads", [leaf.grad.double().tolist() for leaf in leaves])
    except Exception as e:
        print(name, type(e).__name__, e)


x = torch.tensor([0.3, -1.7, 2.9], requires_grad=True)
m = torch.tensor([[0.5, -0.25, 1.5], [1.25, 0.75, -1.0], [0.1, 0.2, 0.3]], requires_grad=True)
b = torch.tensor([[[1.0, 0.5], [0.25, -1.0]], [[0.3, 0.7], [-0.2, 0.9]]], dtype=torch.float64, requires_grad=True)

print("positive", torch.positive(x) is x, x.positive() is x, torch.positive(torch.tensor([1, 2])).tolist())
run("ger", lambda: torch.ger(x, x * 2), x)
run("ger method", lambda: x.ger(torch.tensor([1.0, 2.0])), x)
run("ravel", lambda: torch.ravel(m), m)
run("ravel strided", lambda: torch.ravel(m.t()), m)
run("ravel method 0-d", lambda: torch.tensor(3.0).ravel())
run("msort", lambda: torch.msort(m), m)
run("msort method", lambda: m.t().msort(), m)
run("msort 1-d", lambda: torch.msort(x), x)
run("diagflat", lambda: torch.diagflat(x), x)
run("diagflat offset", lambda: torch.diagflat(m, -2), m)
run("diagflat strided", lambda: m.t().diagflat(1), m)
run("float_power scalar", lambda: torch.float_power(x, 2), x)
run("float_power fractional", lambda: torch.float_power(x.abs(), 0.37), x)
run("float_power tensor", lambda: torch.float_power(x, torch.tensor([2, 3, 1])), x)
run("float_power double", lambda: torch.float_power(b, b), b)
run("float_power base scalar", lambda: torch.float_power(1.5, x), x)
run("float_power int", lambda: torch.float_power(torch.tensor([2, 3]), 2))
run("float_power method", lambda: x.float_power(3), x)
y = b * 1
y.float_power_(2)
print("float_power_", y.tolist(), graph(y))
y = b * 1
y.float_power_(torch.tensor([1, 2]))
print("float_power_ tensor", y.tolist(), graph(y))
for n in [0, 1, 2, 3, 4, 5, 6, 7, 10]:
    run(f"matrix_power {n}", lambda: torch.matrix_power(m, n), m)
run("matrix_power batched", lambda: torch.matrix_power(b, 5), b)
run("matrix_power method", lambda: m.matrix_power(2), m)
run("matrix_power long", lambda: torch.matrix_power(torch.tensor([[1, 2], [3, 4]]), 6))

run("positive bool", lambda: torch.positive(torch.tensor([True])))
run("ger 2-d", lambda: torch.ger(x, m))
run("float_power_ float", lambda: (x * 1).float_power_(2))
run("float_power_ long", lambda: torch.tensor([1, 2]).float_power_(2))
run("matrix_power 1-d", lambda: torch.matrix_power(x, 2))
run("matrix_power not square", lambda: torch.matrix_power(torch.ones(2, 3), 2))

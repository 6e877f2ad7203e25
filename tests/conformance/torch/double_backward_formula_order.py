# Under create_graph, each backward formula records nodes, and PyTorch's generated nodes
# evaluate derivatives.yaml's formulas in sorted input-name order (other before self,
# exponent before self). That order decides which nodes the next backward runs first,
# hence the order of saved-tensor hooks and the rounding of summed gradients.
import torch

torch.manual_seed(0)
a = torch.randn(3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, dtype=torch.float64, requires_grad=True)
w = torch.rand(3, dtype=torch.float64, requires_grad=True)
c = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
d = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
leaves = [a, b, c, d, w]


def packed_sums(log):
    def pack(t):
        log.append(round(float(t.double().sum()), 4) if t.numel() else None)
        return t
    return torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t)


# x / (-x): the second derivative sums three terms; PyTorch's order leaves -2.78e-17.
x = torch.tensor([-2.196], dtype=torch.float64, requires_grad=True)
y = x * 1.0
q = y / -y
g, = torch.autograd.grad(q.sum(), [x], create_graph=True)
g2, = torch.autograd.grad(g.sum(), [x])
print("x / -x:", g.tolist(), g2.tolist())

cases = {
    "mul": lambda: a * b,
    "div": lambda: a / b,
    "pow": lambda: a.abs() ** b,
    "atan2": lambda: torch.atan2(a, b),
    "mm": lambda: c.mm(d),
    "addmm": lambda: torch.addmm(c, c, d),
    "mv": lambda: torch.mv(c, a),
    "lerp": lambda: torch.lerp(a, b, w),
    "maximum": lambda: torch.maximum(a, b),
    "hypot": lambda: torch.hypot(a, b),
    "where": lambda: torch.where(a > 0, a, b),
    "addcmul": lambda: torch.addcmul(a, w, b, value=0.5),
    "addcdiv": lambda: torch.addcdiv(a, w, b, value=0.5),
    "xlogy": lambda: torch.xlogy(a.abs(), b.abs()),
    "logaddexp": lambda: torch.logaddexp(a, b),
    "logaddexp2": lambda: torch.logaddexp2(a, b),
    "kl_div": lambda: torch.nn.functional.kl_div(a, w, reduction="sum"),
    "reciprocal": lambda: (a * b).reciprocal(),
    "exp2": lambda: a.exp2(),
}
for name, f in cases.items():
    first, second, third = [], [], []
    out = f()
    with packed_sums(first):
        grads = torch.autograd.grad(out.sum(), leaves, create_graph=True, allow_unused=True)
    used = [g for g in grads if g is not None]
    print(name, [type(g.grad_fn).__name__ for g in used])
    print("  packed:", first)
    if not any(g.requires_grad for g in used):
        continue
    with packed_sums(second):
        grads2 = torch.autograd.grad(sum(g.sin().sum() for g in used), leaves, create_graph=True, allow_unused=True)
    total = sum(g.sum() for g in grads2 if g is not None)
    with packed_sums(third):
        grads3 = torch.autograd.grad(total, leaves, allow_unused=True)
    print("  packed:", second)
    print("  packed:", third)
    print("  third:", [None if g is None else g.sum().item() for g in grads3])

# torch.relu_(t), torch.fill_(t, v), ...: the torch-namespace spellings of Tensor's in-place
# methods, and square_ / fix_ / negative_ (pow_(2), trunc_, neg_ in ATen) as both.
import torch

torch.set_printoptions(precision=10)


def graph(t):
    f = t.grad_fn
    return None if f is None else (f.name(), [n.name() if n is not None else None for n, _ in f.next_functions])


def run(name, f):
    try:
        r = f()
        print(name, r.dtype, r.tolist(), graph(r))
    except Exception as e:
        print(name, type(e).__name__, e)


x = torch.tensor([1.25, -2.5, 3.75, -0.5, 0.0], requires_grad=True)
for name in ["relu_", "sigmoid_", "tanh_", "exp_", "round_", "zero_", "detach_", "square_", "fix_", "negative_"]:
    y = x * 1.5
    out = getattr(torch, name)(y)
    print(name, out is y, y.dtype, y.double().tolist(), graph(y), y._version)
    if y.requires_grad:
        x.grad = None
        y.sum().backward()
        print("  grad", x.grad.tolist())

for name in ["square_", "fix_", "negative_"]:
    y = x * 1.5
    getattr(y, name)()
    print("method", name, y.tolist(), graph(y))

run("round_ decimals", lambda: torch.round_(x * 1.0, decimals=1))
run("fill_ number", lambda: torch.fill_(x * 1.0, 2.5))
run("fill_ tensor", lambda: torch.fill_(x * 1.0, torch.tensor(7.0)))
run("clamp_ both", lambda: torch.clamp_(x * 1.0, -1, 1))
run("clamp_ min", lambda: torch.clamp_(x * 1.0, min=0.5))
run("clip_", lambda: torch.clip_(x * 1.0, -1, 2))
run("square_ int", lambda: torch.square_(torch.tensor([2, -3, 4])))
run("negative_ int", lambda: torch.negative_(torch.tensor([2, -3, 4])))
run("fix_ double", lambda: torch.fix_(torch.tensor([2.7, -3.7], dtype=torch.float64)))

# misuse
run("relu_ int", lambda: torch.relu_(3))
run("square_ list", lambda: torch.square_([1.0]))
run("relu_ leaf", lambda: torch.relu_(x))
run("square_ leaf", lambda: torch.square_(x))
run("negative_ bool", lambda: torch.negative_(torch.tensor([True])))
run("square_ bool", lambda: torch.square_(torch.tensor([True, False])))
run("clamp_ none", lambda: torch.clamp_(x * 1.0))
run("fill_ 1-d value", lambda: torch.fill_(x * 1.0, torch.tensor([1.0, 2.0])))
run("detach_ view", lambda: torch.detach_((x * 1.0).view(5, 1)))
run("exp_ long", lambda: torch.exp_(torch.tensor([1, 2])))

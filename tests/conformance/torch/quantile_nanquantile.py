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
    if isinstance(total, torch.Tensor):
        for g in torch.autograd.grad(total, inputs, allow_unused=True):
            print("  grad", None if g is None else g.tolist())


x = torch.randn(3, 5, requires_grad=True)
d = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
with_nan = torch.tensor([[1.0, float("nan"), 3.0, 0.5], [2.0, 4.0, -1.0, 7.0]], requires_grad=True)

for interpolation in ("linear", "lower", "higher", "midpoint", "nearest"):
    show("quantile " + interpolation, lambda: torch.quantile(x, 0.3, interpolation=interpolation), x)
    show("quantile dim " + interpolation, lambda: torch.quantile(x, torch.tensor([0.25, 0.5, 0.9]), dim=1,
                                                                interpolation=interpolation), x)
show("quantile dim 0 keepdim", lambda: x.quantile(torch.tensor([0.1, 0.6]), dim=0, keepdim=True), x)
show("quantile keepdim no dim", lambda: torch.quantile(x, 0.5, keepdim=True), x)
show("quantile 3-d middle dim", lambda: torch.quantile(d, torch.tensor([0.2, 0.7], dtype=torch.float64), dim=1), d)
show("quantile 3-d negative dim", lambda: d.quantile(0.75, dim=-1), d)
show("quantile 0-d", lambda: torch.quantile(x[0, 0], 0.5), x)
show("quantile nan", lambda: torch.quantile(with_nan, 0.5, dim=1), with_nan)
show("nanquantile nan", lambda: torch.nanquantile(with_nan, 0.5, dim=1), with_nan)
show("nanquantile all", lambda: with_nan.nanquantile(torch.tensor([0.0, 0.4, 1.0])), with_nan)
show("nanquantile all nan", lambda: torch.nanquantile(torch.full((3,), float("nan")), 0.5))

show("q out of range", lambda: torch.quantile(x, 1.5))
show("q tensor out of range", lambda: torch.quantile(x, torch.tensor([0.5, -0.1])))
show("q 2-d", lambda: torch.quantile(x, torch.ones(2, 2) / 2))
show("q dtype", lambda: torch.quantile(x, torch.tensor(0.5, dtype=torch.float64)))
show("long input", lambda: torch.quantile(torch.arange(5), 0.5))
show("empty input", lambda: torch.quantile(torch.ones(0), 0.5))
show("bad interpolation", lambda: torch.quantile(x, 0.5, interpolation="cubic"))
show("bad dim", lambda: torch.quantile(x, 0.5, dim=2))

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


x = torch.randn(6, 50, requires_grad=True)
with torch.no_grad():
    x[1, 3] = float("nan")
    x[4, 10:20] = float("nan")
    x[5, 49] = float("nan")
d = torch.randn(5, 7, 9, dtype=torch.float64)
d[2, 3, 4] = float("nan")
d.requires_grad_()

show("nansum", lambda: torch.nansum(x), x)
show("nansum dim 1", lambda: torch.nansum(x, 1), x)
show("nansum dim 0 keepdim", lambda: x.nansum(0, keepdim=True), x)
show("nansum dims", lambda: torch.nansum(d, (0, 2)), d)
show("nansum transposed", lambda: torch.nansum(x.t(), 0), x)
show("nansum strided", lambda: torch.nansum(x[:, ::3], 1), x)
show("nansum permuted", lambda: torch.nansum(d.permute(2, 0, 1), -1), d)
show("nansum dtype", lambda: torch.nansum(x, dtype=torch.float64), x)
show("nansum long", lambda: torch.nansum(torch.arange(10).view(2, 5), 1))
show("nansum no nan", lambda: torch.nansum(torch.arange(100.0).view(4, 25) / 7, 1))
y = torch.nansum(x, 1, True)
print("saved", y.grad_fn._saved_dim, y.grad_fn._saved_keepdim, y.grad_fn._saved_self is x)
y = torch.nansum(x)
print("saved", y.grad_fn._saved_dim, y.grad_fn._saved_keepdim)

show("nanmean", lambda: torch.nanmean(x), x)
show("nanmean dim", lambda: x.nanmean(1), x)
show("nanmean keepdim", lambda: torch.nanmean(d, 1, keepdim=True), d)
show("nanmean all nan", lambda: torch.nanmean(torch.full((3,), float("nan"))))
show("nanmean long", lambda: torch.nanmean(torch.arange(4)))
print(torch.nansum(torch.tensor([float("nan"), -0.0])), torch.nansum(torch.tensor([-0.0, -0.0])))

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

# meshgrid: ViewBackward0 under ExpandBackward0; 'xy' swaps the first two
show("meshgrid ij", lambda: torch.meshgrid(b, c, indexing="ij"), b, c)
show("meshgrid xy", lambda: torch.meshgrid([b, c, c], indexing="xy"), b, c)
show("meshgrid 0-d", lambda: torch.meshgrid(b.sum(), c, indexing="xy"), b, c)
show("meshgrid default", lambda: torch.meshgrid(b, c), b, c)  # warns once
show("meshgrid again", lambda: torch.meshgrid(c, c), c)
show("meshgrid dtypes", lambda: torch.meshgrid(b, d[0, 0], indexing="ij"))
show("meshgrid indexing", lambda: torch.meshgrid(b, indexing="yx"))
show("meshgrid empty", lambda: torch.meshgrid())

# tensor_split and its directional forms: every part a SliceBackward0
show("tensor_split sections", lambda: torch.tensor_split(a, 3, dim=1), a)
show("tensor_split indices", lambda: torch.tensor_split(a, [1, 3], dim=1), a)
show("tensor_split clamped", lambda: torch.tensor_split(torch.arange(5.), [4, 2, 9]))
show("tensor_split negative", lambda: torch.tensor_split(a, torch.tensor([1, 7, -2]), dim=-1), a)
show("tensor_split 0-d tensor", lambda: a.tensor_split(torch.tensor(2)), a)
show("tensor_split float index", lambda: a.tensor_split(torch.tensor([1.0])))
show("tensor_split 2-d index", lambda: a.tensor_split(torch.ones(2, 2, dtype=torch.long)))
show("tensor_split zero", lambda: a.tensor_split(0))
show("tensor_split scalar", lambda: torch.tensor_split(torch.tensor(1.0), 1))
show("hsplit", lambda: torch.hsplit(a, 2), a)
show("hsplit 1-d", lambda: b.hsplit([1, 2]), b)
show("hsplit indivisible", lambda: torch.hsplit(a, 3))
show("hsplit zero", lambda: torch.hsplit(a, 0))
show("vsplit", lambda: torch.vsplit(a, [1]), a)
show("vsplit 1-d", lambda: torch.vsplit(b, 2))
show("dsplit", lambda: d.dsplit([1, 3]), d)
show("dsplit 2-d", lambda: a.dsplit(2))

# stacks
show("dstack 1-d", lambda: torch.dstack([b, b]), b)
show("dstack 2-d", lambda: torch.dstack((a, a)), a)
show("column_stack", lambda: torch.column_stack([c, a, c.sum()]), a, c)
show("row_stack", lambda: torch.row_stack([b, a]), a, b)
show("dstack empty", lambda: torch.dstack([]))
show("column_stack empty", lambda: torch.column_stack([]))
show("vstack empty", lambda: torch.vstack([]))
show("hstack empty", lambda: torch.hstack([]))

# cartesian_prod and combinations
show("cartesian_prod", lambda: torch.cartesian_prod(b, c), b, c)
show("cartesian_prod 3", lambda: torch.cartesian_prod(c, c, b[:2]), b, c)
show("cartesian_prod 1", lambda: torch.cartesian_prod(b), b)
show("cartesian_prod 2-d", lambda: torch.cartesian_prod(a))
show("combinations", lambda: torch.combinations(b), b)
show("combinations replacement", lambda: torch.combinations(c, 2, with_replacement=True), c)
show("combinations 3", lambda: torch.combinations(b, 3), b)
show("combinations 1", lambda: torch.combinations(b, 1), b)
show("combinations 0", lambda: torch.combinations(b, 0))
show("combinations too many", lambda: torch.combinations(c, 5))
show("combinations negative", lambda: torch.combinations(c, -1))

# take_along_dim: both sides broadcast (ExpandBackward0), then gather
show("take_along_dim", lambda: torch.take_along_dim(a, torch.tensor([[0], [1], [2]]), dim=1), a)
show("take_along_dim broadcast", lambda: torch.take_along_dim(a, torch.tensor([[0, 2]]), dim=0), a)
show("take_along_dim flat", lambda: torch.take_along_dim(a, torch.tensor([0, 5])), a)
show("take_along_dim argsort", lambda: a.take_along_dim(a.argsort(1), 1), a)
show("take_along_dim mismatch", lambda: torch.take_along_dim(a, torch.tensor([[0, 2]]), dim=1))
show("take_along_dim int32", lambda: torch.take_along_dim(a, torch.tensor([[0]], dtype=torch.int32), dim=1))
show("take_along_dim rank", lambda: torch.take_along_dim(a, torch.tensor([0]), dim=0))

show("argwhere", lambda: torch.argwhere(a > 0))
show("argwhere method", lambda: (a * 0).argwhere())

# autograd.grad checks the outputs first, then that there are inputs at all
for output in (torch.combinations(c, 5).sum(), c.sum(), torch.tensor(1.0)):
    try:
        torch.autograd.grad(output, [])
    except Exception as e:  # noqa: BLE001
        print("grad without inputs raises", type(e).__name__, e)

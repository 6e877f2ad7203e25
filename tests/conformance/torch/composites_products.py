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

# inner and tensordot: permute, reshape, one mm, reshape back
show("inner 2-d", lambda: torch.inner(a, a), a)
show("inner 1-d", lambda: torch.inner(b, b), b)
show("inner 3-d", lambda: d.inner(d[0]), d)
show("inner scalar", lambda: torch.inner(c.sum(), c), c)
show("inner mismatch", lambda: torch.inner(b, c))
show("tensordot 1", lambda: torch.tensordot(a, a.t(), dims=1), a)
show("tensordot 0", lambda: torch.tensordot(a, b, dims=0), a, b)
show("tensordot lists", lambda: torch.tensordot(a, a, dims=([0, 1], [0, 1])), a)
show("tensordot reordered", lambda: torch.tensordot(d, d, dims=([2, 0], [2, 0])), d)
show("tensordot size 1", lambda: torch.tensordot(a.unsqueeze(0), d.float(), dims=([0], [0])), a, d)
show("tensordot tensor dims", lambda: torch.tensordot(d, d, dims=torch.tensor([[1], [1]])), d)
show("tensordot int tensor", lambda: torch.tensordot(a, a.t(), dims=torch.tensor(1)), a)
show("tensordot negative", lambda: torch.tensordot(a, a, dims=-1))
show("tensordot repeated", lambda: torch.tensordot(a, a, ([0, 0], [1, 1])))
show("tensordot mismatch", lambda: torch.tensordot(a, torch.ones(5, 2), ([0], [0])))
show("tensordot lengths", lambda: torch.tensordot(a, a, ([0], [0, 1])))
show("tensordot bad dims", lambda: torch.tensordot(a, a, dims=1.5))

# kron: interleaved views, a broadcast product, viewed back
show("kron 2-d", lambda: torch.kron(a, a), a)
show("kron 1-d", lambda: torch.kron(b, c), b, c)
show("kron ranks", lambda: torch.kron(d, a.double()), a, d)
show("kron method", lambda: c.kron(a), a, c)
show("kron transposed", lambda: a.t().kron(c))

# multi_dot picks the cheapest order; chain_matmul is its deprecated form
show("multi_dot 3", lambda: torch.linalg.multi_dot([a, a.t(), a]), a)
show("multi_dot vector", lambda: torch.linalg.multi_dot([c, a]), a, c)
show("multi_dot 5", lambda: torch.linalg.multi_dot([c, a, a.t(), a, b]), a, b, c)
show("multi_dot 5 matrices",
     lambda: torch.linalg.multi_dot([a.t(), a, a.t(), c.view(3, 1) * a[:, :1].t(), a]), a, c)
show("multi_dot one", lambda: torch.linalg.multi_dot([a]))
show("multi_dot 3-d", lambda: torch.linalg.multi_dot([d, a]))
show("multi_dot middle", lambda: torch.linalg.multi_dot([a, b, a.t()]))
show("multi_dot shapes", lambda: torch.linalg.multi_dot([a, a]))
show("multi_dot dtypes", lambda: torch.linalg.multi_dot([a, a.t().double()]))
show("chain_matmul", lambda: torch.chain_matmul(a, a.t(), a), a)
show("chain_matmul one", lambda: torch.chain_matmul(a), a)
show("chain_matmul vector", lambda: torch.chain_matmul(a, b))

# vander: ones, then an in-place cumprod of copies of x (CopySlices), flipped
show("vander", lambda: torch.vander(c), c)
show("vander N increasing", lambda: torch.vander(c, 2, increasing=True), c)
show("vander int8", lambda: torch.vander(torch.tensor([1, 2, 3], dtype=torch.int8), 4))
show("vander N 0", lambda: torch.vander(c, 0))
show("vander 2-d", lambda: torch.vander(a))
show("vander negative", lambda: torch.vander(c, -1))

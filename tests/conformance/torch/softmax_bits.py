# softmax and log_softmax round as PyTorch 1.13's vectorised CPU kernels do, forward and
# backward, float and double, along the last dim and across others (vector and scalar
# positions), printed as digests of every value's bits; then the backward as its own node
# (SoftmaxBackwardDataBackward0) and its double backward.
import torch
import hashlib
def digest(b):
    return hashlib.md5(" ".join(b).encode()).hexdigest()[:6]
torch.set_printoptions(precision=10)

def values(n, scale, dtype):
    return ((torch.arange(n, dtype=torch.float64) * 0.7311).sin() * scale).to(dtype)

def bits(t):
    return [v.hex() for v in t.detach().reshape(-1).tolist()]

for dtype in (torch.float32, torch.float64):
    for shape, dim in [((5,), 0), ((3, 4), 1), ((3, 4), 0), ((2, 9), 1), ((9, 2), 0), ((4, 17), 1), ((17, 4), 0),
                       ((2, 3, 8), 1), ((2, 3, 11), 1), ((2, 5, 20), 1), ((3, 16), 0), ((2, 3, 4, 5), 1),
                       ((6, 3, 1), 1), ((40, 33), 0), ((33, 40), 1), ((2, 7, 9), 0), ((2, 7, 9), 2)]:
        n = 1
        for s in shape:
            n *= s
        x = values(n, 3.0, dtype).reshape(shape).requires_grad_()
        for fn in (torch.softmax, torch.log_softmax):
            y = fn(x, dim)
            g = values(n, 1.3, dtype).reshape(shape).cos()
            gx, = torch.autograd.grad(y, x, g)
            print(dtype, shape, dim, fn.__name__, digest(bits(y)), digest(bits(gx)))
# transposed (non-contiguous) input
x = values(24, 2.0, torch.float32).reshape(4, 6).t()
print(bits(torch.softmax(x, 1)), bits(torch.log_softmax(x, 0)))
print(torch.softmax(torch.tensor([1.0, float('nan'), 2.0]), 0), torch.log_softmax(torch.tensor([[1.0, float('inf')], [0.0, 1.0]]), 0))
print(torch.softmax(torch.tensor(3.0), 0), torch.softmax(torch.zeros(0, 3), 1))

# create_graph: the backward is its own node, and its own backward (double backward)
for fn in (torch.softmax, torch.log_softmax):
    for dim in (0, 1):
        x = values(12, 1.5, torch.float64).reshape(3, 4).requires_grad_()
        y = fn(x, dim)
        w = values(12, 0.9, torch.float64).reshape(3, 4)
        gx, = torch.autograd.grad(y, x, w, create_graph=True)
        print(fn.__name__, dim, gx.grad_fn.name(), [type(f).__name__ if f else None for f, _ in gx.grad_fn.next_functions],
              gx.grad_fn._saved_dim, gx.grad_fn._saved_output.equal(y), gx.grad_fn._saved_grad_output.equal(w))
        print(gx)
        (gx * gx).sum().backward()
        print(x.grad)
        w.requires_grad_()
        gx, = torch.autograd.grad(fn(x, dim), x, w, create_graph=True)
        gw, = torch.autograd.grad(gx.sum(), w)
        print(gw)

# torch.rot90, diag_embed and block_diag: values and layouts (an odd k returns
# transposed strides), every k (negative and past 4) and dims, diag_embed's offset and
# dims, block_diag's 0-d / 1-d / empty blocks and dtype promotion; their nodes with saved
# attributes (Rot90Backward0, DiagEmbedBackward0, BlockDiagBackward0), gradients, double
# backward, and the errors word for word.
import torch

def attempt(fn):
    try:
        r = fn()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)

x = torch.arange(24.).view(2, 3, 4)
for k in (-5, -1, 0, 1, 2, 3, 4, 7):
    for dims in ([0, 1], [1, 2], [2, 0], [-1, -3]):
        r = torch.rot90(x, k, dims)
        print(k, dims, tuple(r.shape), r.stride(), r.is_contiguous(), r.flatten().tolist())
print(x.rot90().shape, x.permute(2, 0, 1).rot90(1, [-1, 0]).stride(), x.permute(2, 0, 1).rot90(2, [-1, 0]).stride(),
      x.permute(2, 0, 1).rot90(0, [-1, 0]).stride(), torch.rot90(x, dims=(1, 0)).stride())
w = torch.tensor([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]], requires_grad=True)
r = torch.rot90(w, -1)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_k, r.grad_fn._saved_dims)
print(torch.autograd.grad((r * torch.arange(6.).view(3, 2)).sum(), w))
r = w.rot90(3, (1, 0))
g = torch.autograd.grad((r * r).sum(), w, create_graph=True)[0]
print(r.grad_fn._saved_k, r.grad_fn._saved_dims, g, type(g.grad_fn).__name__, torch.autograd.grad(g.pow(2).sum(), w))
attempt(lambda: torch.rot90(w, 1, [0]))
attempt(lambda: torch.rot90(torch.ones(3), 1, [0, 1]))
attempt(lambda: torch.rot90(w, 1, [0, 0]))
attempt(lambda: torch.rot90(w, 1, [0, -2]))
attempt(lambda: torch.rot90(w, 1, [0, 2]))
attempt(lambda: torch.rot90(w, 1, [-3, 1]))
attempt(lambda: torch.rot90(w, 1, [1, 5]))
attempt(lambda: torch.rot90(w, 1.5))

v = torch.arange(1., 7.).view(2, 3)
for args in ((), (1,), (-2,), (0, 0, 2), (1, 0, 2), (-1, 2, 0), (0, -1, 1), (2, -3, -1)):
    r = torch.diag_embed(v, *args)
    print(args, tuple(r.shape), r.stride(), r.flatten().tolist())
print(torch.diag_embed(torch.tensor([1, 2])), v.diag_embed(offset=1, dim1=0, dim2=1).shape, torch.diag_embed(torch.ones(0)).shape)
s = torch.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
r = torch.diag_embed(s, 1)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_offset, r.grad_fn._saved_dim1, r.grad_fn._saved_dim2)
print(torch.autograd.grad((r * torch.arange(18.).view(2, 3, 3)).sum(), s))
r = s.diag_embed(-1, 0, 2)
print(r.grad_fn._saved_offset, r.grad_fn._saved_dim1, r.grad_fn._saved_dim2)
g = torch.autograd.grad((r * r).sum(), s, create_graph=True)[0]
print(g, type(g.grad_fn).__name__, torch.autograd.grad(g.sum(), s))
attempt(lambda: torch.diag_embed(v, 0, 1, 1))
attempt(lambda: torch.diag_embed(v, 0, -1, 2))
attempt(lambda: torch.diag_embed(v, 0, 1, 3))
attempt(lambda: torch.diag_embed(torch.tensor(1.)))

print(torch.block_diag(torch.ones(2, 2), torch.tensor([3.0, 4.0]), torch.tensor(5.0), torch.ones(0), torch.zeros(2, 0)))
print(torch.block_diag(), torch.block_diag(torch.tensor([1, 2]), torch.tensor([[0.5]])), torch.block_diag(torch.tensor([1, 2]), torch.tensor(0.5)))
print(torch.block_diag(torch.tensor([True]), torch.tensor([2])), torch.block_diag(torch.ones(1), torch.ones(1, dtype=torch.float64)))
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], requires_grad=True)
c = torch.tensor(2.0, requires_grad=True)
e = torch.ones(0, requires_grad=True)
f = torch.tensor([7.0], requires_grad=True)
r = torch.block_diag(a, b, c, e, f)
print(r, type(r.grad_fn).__name__)
print(torch.autograd.grad((r * torch.arange(float(r.numel())).view(r.shape)).sum(), (a, b, c, e, f)))
g = torch.autograd.grad((r * r).sum(), (a, b, c, f), create_graph=True)
print(g, [type(t.grad_fn).__name__ for t in g])
print(torch.autograd.grad(sum(t.sum() for t in g), (a, b, c, f)))
attempt(lambda: torch.block_diag(torch.ones(2, 2, 2)))
attempt(lambda: torch.block_diag(torch.ones(1), torch.ones(1, 1, 1)))
attempt(lambda: torch.block_diag([torch.ones(1)]))
attempt(lambda: torch.block_diag(torch.ones(1), 1))

# sort / argsort / topk (ties ordered as PyTorch's libstdc++ algorithms order them,
# NaN as the largest value), their backward, and the logical reductions all / any.
import torch


def lcg_ints(n, seed, mod):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2**31
        out.append(float(seed % mod))
    return out


x = torch.tensor([[3., 1., 2., 1.], [0.5, -1., 4., 4.]], requires_grad=True)
s = x.sort()
print(s)
print(s.values.grad_fn.name(), s.values.grad_fn._saved_indices, s.values.grad_fn._saved_self_sizes)
v, i = torch.sort(x, dim=0, descending=True)
print(v, i)
(s.values * torch.tensor([1., 2., 3., 4.])).sum().backward()
print(x.grad)
print(x.argsort(), torch.argsort(x, dim=0, descending=True), x.sort(stable=True, descending=True).indices)

t = x.topk(2)
print(t)
print(t.values.grad_fn.name(), t.values.grad_fn._saved_indices, t.values.grad_fn._saved_self_sizes)
x.grad = None
t.values.sum().backward()
print(x.grad)
print(torch.topk(x, 3, dim=1, largest=False), x.topk(1, 0).indices, x.topk(4, sorted=False).values)

# many ties: introsort / nth_element / partial_sort leave equal values in a fixed order
for n, mod in [(10, 3), (17, 4), (40, 5), (100, 7), (300, 6)]:
    a = torch.tensor(lcg_ints(n, n + mod, mod))
    print(n, a.sort().indices.tolist(), a.sort(descending=True).indices.tolist())
    print(a.sort(stable=True).indices.tolist()[:20], a.topk(3).indices.tolist(), a.topk(n // 2).indices.tolist(),
          a.topk(4, largest=False).indices.tolist())

nan = float('nan')
a = torch.tensor([2., nan, -1., 5., nan, 0.])
print(a.sort(), a.sort(descending=True), a.topk(2), a.topk(2, largest=False))
print(torch.tensor([3, 1, 2]).sort(), torch.tensor([True, False, True]).sort(stable=True))
print(torch.tensor(5.).sort(), torch.tensor(5.).topk(1))

# double backward through sort
w = torch.tensor([2., -1., 3.], requires_grad=True)
g, = torch.autograd.grad((w.sort().values ** 2).sum(), w, create_graph=True)
print(g)
g.sum().backward()
print(w.grad)

b = torch.tensor([[1., 0.], [2., 3.]])
print(b.all(), b.any(), b.all(0), b.all(dim=1, keepdim=True), torch.all(b, 1), torch.any(b, dim=0))
print(torch.all(b > 0), (b > 5).any(), torch.tensor([]).all(), torch.tensor([]).any(), torch.all(torch.tensor(2)))
print(torch.tensor([[1, 0, 3]]).any(-1), torch.tensor([True, True]).all(0))
for f in [lambda: b.all((0, 1)), lambda: x.topk(5), lambda: x.sort(dim=3), lambda: b.any(dim=2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

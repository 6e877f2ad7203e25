# Found by the differential fuzzer: 1.13 builds many gradients in place (at::zeros then
# scatter_, new_zeros then masked_fill_ or scatter_add_, zeros_like then index_put_), so
# what torch.autograd.grad returns, and a leaf's .grad that steals it, shows those version
# bumps; repeat's gradient is a fresh sum, not a view of one.
import torch

a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 2.0, -0.75]], requires_grad=True)
s = torch.tensor(0.5, requires_grad=True)
ops = {
    'max(dim)': lambda t: t.max(1)[0], 'min(dim, keepdim)': lambda t: t.min(0, keepdim=True)[0],
    'max()': lambda t: t.max(), 'min()': lambda t: t.min(), 'median()': lambda t: t.median(),
    'median(dim)': lambda t: t.median(1)[0], 'kthvalue': lambda t: t.kthvalue(2, 1)[0], 'mode': lambda t: t.mode(1)[0],
    'sort': lambda t: t.sort(1)[0], 'sort 0-d': lambda t: t.sort(0, descending=True)[0], 'topk': lambda t: t.topk(2)[0],
    'cummax': lambda t: t.cummax(-1)[0], 'cummin 0-d': lambda t: t.cummin(0)[0],
    'gather': lambda t: t.gather(1, torch.tensor([[0, 0], [2, 1]])), 'index_select': lambda t: t.index_select(1, torch.tensor([2, 0, 2])),
    'take': lambda t: t.take(torch.tensor([1, 4])), 'masked_select': lambda t: t.masked_select(t > 0),
    'index list': lambda t: t[[0, 1], [2, 2]], 'index bool': lambda t: t[t > 0], 'index tensor': lambda t: t[torch.tensor([1, 0, 1])],
    'repeat': lambda t: t.repeat(2, 1), 'repeat new dims': lambda t: t.repeat(2, 1, 2), 'amax': lambda t: t.amax(1),
}
for name, f in ops.items():
    for label, inp in (('matrix', a), ('0-d', s)):
        try:
            out = f(inp)
        except (IndexError, RuntimeError) as e:
            print(name, label, type(e).__name__)
            continue
        g, = torch.autograd.grad(out.sum(), [inp])
        print(name, label, g.tolist(), 'v=%d view=%s' % (g._version, g._is_view()))
        inp.grad = None
        f(inp).sum().backward()
        print('  .grad', inp.grad._version, inp.grad._is_view())

# An op's autograd kernel collects its inputs' gradient edges before the kernel checks
# anything (dims, shapes, indices, k): a stale multi-output view (a chunk whose base was
# changed in place) is reported first; a fresh tensor gets the kernel's own error.
import torch
base = torch.tensor([[1.982, 1.316, 0.659], [2.083, -1.872, 1.834]], requires_grad=True)
def stale():
    v = base.chunk(2, 0)[0]
    base.detach().mul_(0.5)
    return v
cases = [
    ('cat dim', lambda v: torch.cat([v, v], 5)), ('cat shapes', lambda v: torch.cat([v, torch.zeros(2, 2)], 0)),
    ('stack shapes', lambda v: torch.stack([v, torch.zeros(2, 2)])), ('masked_fill mask', lambda v: v.masked_fill(torch.ones(5, dtype=torch.bool), 0.0)),
    ('masked_select', lambda v: v.masked_select(torch.ones(5, dtype=torch.bool))), ('sort dim', lambda v: v.sort(4)),
    ('topk k', lambda v: v.topk(9)), ('cummax dim', lambda v: v.cummax(4)), ('index oob', lambda v: v[:, torch.tensor([9])]),
    ('index_put shape', lambda v: v.index_put((torch.tensor([0]),), torch.ones(7))), ('tril 1d', lambda v: v[0].tril()),
    ('where shape', lambda v: torch.where(torch.ones(5, dtype=torch.bool), v, v)), ('softmax dim', lambda v: v.softmax(3)),
    ('sum dim', lambda v: v.sum(3)), ('reshape', lambda v: v.reshape(7)), ('view', lambda v: v.view(7)), ('expand', lambda v: v.expand(3, 4)),
    ('add shape', lambda v: v + torch.ones(4)), ('mul shape', lambda v: v * torch.ones(4)), ('pow shape', lambda v: v ** torch.ones(4)),
    ('matmul', lambda v: v @ torch.ones(4)), ('clamp', lambda v: v.clamp()),
    ('max dim', lambda v: v.max(5)), ('logsumexp', lambda v: v.logsumexp(5)), ('norm dim', lambda v: v.norm(dim=5)),
    ('cumsum dim', lambda v: v.cumsum(5)), ('flip dim', lambda v: v.flip(5)), ('roll', lambda v: v.roll(1, 5)),
    ('transpose', lambda v: v.transpose(0, 5)), ('permute', lambda v: v.permute(0)), ('squeeze', lambda v: v.squeeze(5)),
    ('unsqueeze', lambda v: v.unsqueeze(5)), ('select', lambda v: v.select(0, 5)), ('narrow', lambda v: v.narrow(1, 2, 5)),
    ('repeat', lambda v: v.repeat(1)), ('diag', lambda v: v.diagonal(0, 0, 0)), ('lerp shape', lambda v: torch.lerp(v, torch.ones(4), 0.5)),
    ('atan2 shape', lambda v: torch.atan2(v, torch.ones(4))), ('maximum shape', lambda v: torch.maximum(v, torch.ones(4))),
    ('where scalar', lambda v: torch.where(torch.ones(5, dtype=torch.bool), v, 0.0)), ('nll', lambda v: torch.nn.functional.nll_loss(v, torch.tensor([7]))),
    ('cross_entropy', lambda v: torch.nn.functional.cross_entropy(v, torch.tensor([7]))), 
    ('linear', lambda v: torch.nn.functional.linear(v, torch.ones(2, 2))), ('embedding', lambda v: torch.nn.functional.embedding(torch.tensor([5]), v)),
    ('index_add', lambda v: v.index_add(0, torch.tensor([5]), torch.ones(1, 3))), ('scatter', lambda v: v.scatter(1, torch.tensor([[5]]), 1.0)),
    ('dot', lambda v: torch.dot(v[0], torch.ones(2))), ('mv', lambda v: torch.mv(v, torch.ones(2))), ('bmm', lambda v: torch.bmm(v[None], torch.ones(1, 2, 2))),
    ('split', lambda v: v.split(0, 1)), ('chunk', lambda v: v.chunk(0)), ('unbind', lambda v: v.unbind(5)),
    ('prod dim', lambda v: v.prod(5)), ('std dim', lambda v: v.std(5)), ('amax', lambda v: v.amax(5)), ('argmax', lambda v: v.argmax(5)),
    ('t', lambda v: v[None].t()), ('sigmoid int', lambda v: v.sigmoid().long().sigmoid()), ('clone', lambda v: v.clone(memory_format=torch.channels_last)),
    ('to', lambda v: v.to(torch.float64)), ('relu', lambda v: torch.relu(v)), ('dropout p', lambda v: torch.nn.functional.dropout(v, 2.0)),
    ('layer_norm', lambda v: torch.nn.functional.layer_norm(v, (5,))), ('pad', lambda v: torch.nn.functional.pad(v, (1,))),
    ('kthvalue', lambda v: v.kthvalue(9)), ('median dim', lambda v: v.median(5)), ('cumprod', lambda v: v.cumprod(5)),
    ('addmm', lambda v: torch.addmm(v, v, v)), ('baddbmm', lambda v: torch.baddbmm(v[None], v[None], v[None])), ('einsum', lambda v: torch.einsum('ij,jk', v, v)),
]
for label, f in cases:
    for kind in ('stale', 'fresh'):
        v = stale() if kind == 'stale' else torch.randn(1, 3, requires_grad=True)
        try:
            f(v)
            print(label, kind, 'ok')
        except Exception as e:
            print(label, kind, type(e).__name__, str(e)[:70])

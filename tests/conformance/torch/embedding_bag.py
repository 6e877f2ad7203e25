# F.embedding_bag and nn.EmbeddingBag: modes sum / mean / max with offsets, 2-D inputs,
# empty bags, per_sample_weights, padding_idx, include_last_offset, scale_grad_by_freq,
# max_norm, float and double; EmbeddingBagBackward0, gradients of weight and
# per_sample_weights, a tiny training step, errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
W = (torch.randn(10, 11) * 7).requires_grad_()
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9, 0, 1, 1, 1, 7, 7])
off = torch.tensor([0, 5, 5, 9])
for dtype in [torch.float32, torch.float64]:
    w = W.detach().to(dtype).requires_grad_()
    psw = torch.randn(14, dtype=dtype, requires_grad=True)
    for mode in ['sum', 'mean', 'max']:
        for padding_idx in [None, 1]:
            w.grad = None
            out = F.embedding_bag(idx, w, off, mode=mode, padding_idx=padding_idx)
            (out * torch.linspace(-2, 3, out.numel(), dtype=dtype).reshape(out.shape)).sum().backward()
            print(dtype, mode, padding_idx, out.grad_fn.name(), out[:, :4].tolist(), w.grad[:, :3].tolist())
        w.grad = None
    for padding_idx in [None, 7]:
        w.grad = psw.grad = None
        out = F.embedding_bag(idx, w, off, mode='sum', per_sample_weights=psw, padding_idx=padding_idx)
        (out * torch.linspace(-2, 3, out.numel(), dtype=dtype).reshape(out.shape)).sum().backward()
        print('psw', padding_idx, out[:, :4].tolist(), w.grad[:, :3].tolist(), psw.grad.tolist())
    w.grad = None
    out = F.embedding_bag(idx, w, off, mode='mean', scale_grad_by_freq=True)
    out.sum().backward()
    print('freq', w.grad[:, 0].tolist())
    w.grad = None
    out = F.embedding_bag(idx, w, torch.tensor([0, 5, 5, 9, 14]), mode='sum', scale_grad_by_freq=True,
                          include_last_offset=True)
    out.pow(2).sum().backward()
    print('last', out.shape, out[:, :3].tolist(), w.grad[:, 0].tolist())

out = F.embedding_bag(idx, W, off, mode='sum')
print(out.grad_fn._saved_mode, out.grad_fn._saved_padding_idx, out.grad_fn._saved_scale_grad_by_freq,
      out.grad_fn._saved_sparse, out.grad_fn._saved_weight_argsize_0, out.grad_fn._saved_indices.tolist())
print(F.embedding_bag(idx.reshape(2, 7), W, mode='max')[:, :3].tolist())
print(F.embedding_bag(idx.int(), W, off.int())[:, :3].tolist(), F.embedding_bag(idx, W, off.int())[:, :3].tolist())
print(F.embedding_bag(torch.tensor([], dtype=torch.long), W, torch.tensor([0, 0])).tolist())
print(F.embedding_bag(idx, W.detach(), off).grad_fn)

# max_norm renormalises the rows named, in place, before the lookup.
wr = torch.randn(5, 3) * 4
print(F.embedding_bag(torch.tensor([0, 2, 2, 4]), wr, torch.tensor([0, 2]), max_norm=1.5).tolist(), wr.tolist())

bag = nn.EmbeddingBag(6, 3, mode='sum', padding_idx=-1)
print(bag, bag.weight[-1].tolist(), nn.EmbeddingBag(4, 2, max_norm=1.0, norm_type=1.0, scale_grad_by_freq=True))
pre = nn.EmbeddingBag.from_pretrained(torch.arange(6.).reshape(3, 2), mode='max')
print(pre, pre.weight.requires_grad, pre(torch.tensor([[0, 2], [1, 1]])).tolist())

torch.manual_seed(4)
emb = nn.EmbeddingBag(8, 4, mode='mean')
head = nn.Linear(4, 2)
opt = torch.optim.SGD(list(emb.parameters()) + list(head.parameters()), lr=0.5)
words = torch.tensor([1, 3, 3, 7, 0, 2, 5])
starts = torch.tensor([0, 3, 4])
labels = torch.tensor([0, 1, 1])
for step in range(2):
    opt.zero_grad()
    loss = F.cross_entropy(head(emb(words, starts)), labels)
    loss.backward()
    opt.step()
    print(step, loss.item(), emb.weight[3].tolist())

errors = [
    lambda: F.embedding_bag(idx, W, off, mode='x'),
    lambda: F.embedding_bag(idx, W),
    lambda: F.embedding_bag(idx, W, off.reshape(2, 2)),
    lambda: F.embedding_bag(idx.reshape(2, 7), W, off),
    lambda: F.embedding_bag(idx.reshape(1, 2, 7), W),
    lambda: F.embedding_bag(idx, W, off, per_sample_weights=torch.ones(5)),
    lambda: F.embedding_bag(idx, W, off, per_sample_weights=torch.ones(14)),
    lambda: F.embedding_bag(idx, W, off, per_sample_weights=torch.ones(14).double(), mode='sum'),
    lambda: F.embedding_bag(idx, W, torch.tensor([1, 2])),
    lambda: F.embedding_bag(idx, W, torch.tensor([0, 17])),
    lambda: F.embedding_bag(torch.tensor([0, 12]), W, torch.tensor([0])),
    lambda: F.embedding_bag(torch.tensor([0, -1]), W, torch.tensor([0]), mode='sum', per_sample_weights=torch.ones(2)),
    lambda: F.embedding_bag(torch.tensor([0, 12]), W, torch.tensor([0]), mode='max'),
    lambda: F.embedding_bag(torch.tensor([0, 12]), W.double(), torch.tensor([0])),
    lambda: F.embedding_bag(torch.tensor([0, 12]), W, torch.tensor([0]), padding_idx=1),
    lambda: F.embedding_bag(idx.float(), W, off),
    lambda: F.embedding_bag(idx, W, off, padding_idx=10),
    lambda: F.embedding_bag(idx, W, torch.tensor([], dtype=torch.long), include_last_offset=True),
    lambda: F.embedding_bag(idx, W.long(), off),
    lambda: F.embedding_bag(idx, W.bfloat16(), off),
    lambda: F.embedding_bag(idx, W, off, mode='max', scale_grad_by_freq=True),
    lambda: F.embedding_bag(idx, W, off, mode='max', sparse=True),
    lambda: F.embedding_bag(torch.tensor([0, 1]), torch.randn(3), torch.tensor([0])),
]
for fn in errors:
    try:
        fn()
        print('no error')
    except (RuntimeError, TypeError, ValueError, IndexError, NotImplementedError) as err:
        print(type(err).__name__, err)

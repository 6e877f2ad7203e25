# F.embedding / torch.embedding / nn.Embedding: rows picked by index (any index shape),
# EmbeddingBackward0 and its saved values (padding_idx -1 reads as 2**64 - 1, as
# PyTorch 1.13 hands it to Python), the weight gradient accumulated in index order
# (bit for bit, scale_grad_by_freq's 1 / count included), padding_idx's row left without
# gradient, reprs, from_pretrained, and PyTorch's errors.
import math, struct, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.detach().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

w = torch.arange(30.).reshape(10, 3).requires_grad_()
idx = torch.tensor([[1, 2, 4], [4, 3, 0]])
y = F.embedding(idx, w)
print(y, y.grad_fn.name(), [type(f).__name__ for f, _ in y.grad_fn.next_functions])
g = y.grad_fn
print(g._saved_indices, g._saved_weight is w, g._saved_padding_idx, g._saved_scale_grad_by_freq, g._saved_sparse)
(y * torch.arange(18.).reshape(2, 3, 3)).sum().backward()
print(w.grad)
w.grad = None
y = F.embedding(idx, w, padding_idx=0)
print(y.grad_fn._saved_padding_idx)
y.sum().backward()
print(w.grad)
w.grad = None
y = F.embedding(idx, w, padding_idx=-1, scale_grad_by_freq=True)
print(y.grad_fn._saved_padding_idx, y.grad_fn._saved_scale_grad_by_freq)
(y * 0.7).sum().backward()
print(w.grad)
print(F.embedding(torch.tensor(3), w), F.embedding(torch.tensor([], dtype=torch.long), w),
      torch.embedding(w, torch.tensor([[[5]]])))

# Repeated indices, scaled by frequency, float32 and float64, bits.
for dtype in (torch.float32, torch.float64):
    weight = torch.tensor(values(7 * 5, 3, 2.0), dtype=dtype).reshape(7, 5).requires_grad_()
    index = torch.tensor([[0, 3, 3, 6, 1, 3], [6, 6, 0, 2, 3, 5]]).t()
    for pad, scale in ((None, False), (3, False), (None, True), (6, True)):
        weight.grad = None
        out = F.embedding(index, weight, padding_idx=pad, scale_grad_by_freq=scale)
        out.backward(torch.tensor(values(out.numel(), 4, 1.5), dtype=dtype).reshape(out.shape))
        print(str(dtype)[6:], pad, scale, digest(out), digest(weight.grad), weight.grad[pad if pad is not None else 4])

# Non-contiguous weight.
wt = torch.tensor(values(12, 5, 1.0)).reshape(3, 4).t().requires_grad_()
e = F.embedding(torch.tensor([3, 0, 3]), wt)
e.sum().backward()
print(e, wt.grad)

m = nn.Embedding(10, 3)
print(m, nn.Embedding(10, 3, padding_idx=0), nn.Embedding(5, 2, max_norm=1.0),
      nn.Embedding(5, 2, padding_idx=-2, scale_grad_by_freq=True, sparse=True), nn.Embedding(5, 2, norm_type=1.0))
print(m.weight.shape, m.num_embeddings, m.embedding_dim, m.padding_idx, list(m.state_dict()))
print(nn.Embedding(4, 2, padding_idx=1).weight[1], nn.Embedding(4, 2, padding_idx=-1).padding_idx)
p = nn.Embedding.from_pretrained(torch.tensor(values(8, 6, 1.0)).reshape(4, 2), padding_idx=2)
print(p, p.weight, p.weight.requires_grad)
q = nn.Embedding.from_pretrained(torch.tensor(values(8, 6, 1.0)).reshape(4, 2), freeze=False, padding_idx=2)
out = q(torch.tensor([[2, 1], [1, 3]]))
print(out)
out.pow(2).sum().backward()
print(q.weight.grad)
print(nn.Embedding(4, 2, _weight=torch.zeros(4, 2)).weight)

for f in [lambda: F.embedding(torch.tensor([10]), w), lambda: F.embedding(torch.tensor([-1]), w),
          lambda: F.embedding(torch.tensor([1.]), w), lambda: F.embedding(idx, torch.ones(3)),
          lambda: F.embedding(idx, w, padding_idx=10), lambda: F.embedding(idx, w, padding_idx=-11),
          lambda: nn.Embedding(10, 3, padding_idx=10), lambda: nn.Embedding(10, 3)(torch.tensor([[11]])),
          lambda: nn.Embedding(3, 2, _weight=torch.ones(2, 2))]:
    try:
        print(f())
    except (IndexError, RuntimeError, AssertionError) as e:
        print(type(e).__name__, e)

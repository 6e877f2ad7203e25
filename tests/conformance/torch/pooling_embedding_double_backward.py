# Gradient penalties through pooling, embedding and gather: the backward ops record their
# own nodes under create_graph (MaxPool2DWithIndicesBackwardBackward0,
# AvgPool2DBackwardBackward0, AdaptiveAvgPool2DBackwardBackward0,
# EmbeddingDenseBackwardBackward0, ScatterAddBackward0), with PyTorch's saves and values.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 5, 5, dtype=torch.float64, requires_grad=True)
m = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
idx = torch.tensor([[0, 2, 4], [1, 0, 2]])
cases = [
    ("max_pool2d", x, lambda: F.max_pool2d(x, 2)),
    ("max_pool2d padded", x, lambda: F.max_pool2d(x, 3, stride=2, padding=1)),
    ("max_pool2d dilated", x, lambda: F.max_pool2d(x, 2, dilation=2, ceil_mode=True)),
    ("avg_pool2d", x, lambda: F.avg_pool2d(x, 2)),
    ("avg_pool2d padded", x, lambda: F.avg_pool2d(x, 3, stride=1, padding=1, count_include_pad=False)),
    ("avg_pool2d divisor", x, lambda: F.avg_pool2d(x, 2, ceil_mode=True, divisor_override=3)),
    ("adaptive_avg_pool2d", x, lambda: F.adaptive_avg_pool2d(x, 3)),
    ("embedding", m, lambda: F.embedding(idx, m)),
    ("embedding padding_idx", m, lambda: F.embedding(idx, m, padding_idx=2)),
    ("embedding scale_grad_by_freq", m, lambda: F.embedding(idx, m, scale_grad_by_freq=True)),
    ("gather", m, lambda: m.gather(1, torch.tensor([[0, 0], [2, 1], [1, 1], [0, 2], [2, 2]]))),
]
for name, leaf, f in cases:
    log = []

    def pack(t):
        log.append((tuple(t.shape), str(t.dtype), round(float(t.double().sum()), 4)))
        return t

    out = f()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        g, = torch.autograd.grad((out * out).sum(), [leaf], create_graph=True)
    fn = g.grad_fn
    print(name, type(fn).__name__, sorted(a for a in dir(fn) if a.startswith("_saved")))
    print("  next:", [type(f).__name__ if f else None for f, _ in fn.next_functions])
    print("  saved:", log)
    log.clear()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        h, = torch.autograd.grad((g * g.sin()).sum(), [leaf], create_graph=True)
    print("  saved:", log)
    print("  second:", type(h.grad_fn).__name__, h.flatten().tolist())
    third, = torch.autograd.grad(h.sum(), [leaf])
    print("  third:", third.flatten().tolist())

# gather saves self: changing it in place is refused at backward
y = m * 1
z = y.gather(0, torch.tensor([[1, 2, 0]]))
y.add_(1)
try:
    z.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

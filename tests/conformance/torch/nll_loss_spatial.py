# nll_loss / cross_entropy over batches of spatial maps: NllLoss2DBackward0 for [N, C, H, W],
# views around it for other ranks, class weights and ignore_index there too, and the
# double-backward node.
import torch
import torch.nn.functional as F

torch.set_printoptions(precision=8)
x = (torch.arange(24, dtype=torch.float32).reshape(2, 3, 2, 2) * 0.37).sin().requires_grad_()
t = torch.tensor([[[0, 1], [2, -100]], [[1, 1], [0, 2]]])
w = torch.tensor([0.2, 1.5, 0.7])
for reduction in ("mean", "sum", "none"):
    for weight in (None, w):
        loss = F.cross_entropy(x, t, weight=weight, reduction=reduction)
        x.grad = None
        loss.sum().backward()
        print(reduction, weight is not None, loss, loss.grad_fn.name(), [type(f).__name__ for f, _ in loss.grad_fn.next_functions])
        print(x.grad)
loss = F.cross_entropy(x, t)
print(loss.grad_fn, loss.grad_fn._saved_ignore_index, loss.grad_fn._saved_reduction, loss.grad_fn._saved_total_weight)
print(F.nll_loss(F.log_softmax(x, 1), t.clamp(min=0), ignore_index=1))
print(F.cross_entropy(x, t.clamp(min=0), weight=w, ignore_index=2, label_smoothing=0.25))

# a 3-d input goes through views to nll_loss2d and back
x3 = (torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) * 0.21).cos().requires_grad_()
t3 = torch.tensor([[0, 2, 1, 1], [2, 2, 0, -100]])
for reduction in ("mean", "none"):
    loss = F.cross_entropy(x3, t3, reduction=reduction)
    x3.grad = None
    loss.sum().backward()
    print(reduction, loss, loss.grad_fn.name(), [type(f).__name__ for f, _ in loss.grad_fn.next_functions], loss.shape)
    print(x3.grad)

# 5-d input
x5 = (torch.arange(48, dtype=torch.float32).reshape(2, 3, 2, 2, 2) * 0.13).sin().requires_grad_()
t5 = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 2, 1, 0, 0, 0, 1, 1]).reshape(2, 2, 2, 2)
loss = F.cross_entropy(x5, t5, weight=w)
loss.backward()
print(loss, x5.grad)

# double backward: NllLossBackwardBackward0
xx = torch.tensor([[0.5, -0.2, 0.1], [0.3, 0.8, -1.0]], requires_grad=True)
loss = F.nll_loss(xx, torch.tensor([2, 0]), weight=w)
g, = torch.autograd.grad(loss, xx, create_graph=True)
print(g, g.grad_fn, [type(f).__name__ if f is not None else None for f, _ in g.grad_fn.next_functions])
(g * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(xx.grad)
gg = torch.ones(2, requires_grad=True)
loss = F.nll_loss(xx, torch.tensor([2, 0]), reduction='none')
g, = torch.autograd.grad(loss, xx, gg, create_graph=True)
g.sum().backward()
print(g, gg.grad)
loss = F.cross_entropy(x, t)
g, = torch.autograd.grad(loss, x, create_graph=True)
print(g.grad_fn)

# forward-mode AD
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(xx.detach(), torch.ones(2, 3))
    out = F.nll_loss(d, torch.tensor([2, 0]), weight=w)
    print(fwAD.unpack_dual(out).tangent)

# errors
for f in (lambda: F.cross_entropy(x3, torch.zeros(2, 5, dtype=torch.long)),
          lambda: F.cross_entropy(x, torch.zeros(2, 2, 3, dtype=torch.long)),
          lambda: F.nll_loss(x, torch.zeros(2, 2, dtype=torch.long)),
          lambda: F.cross_entropy(x5, t5, weight=torch.ones(2)),
          lambda: F.nll_loss(torch.randn(3), torch.tensor([1])),
          lambda: F.nll_loss(torch.randn(3, 2), torch.tensor([1.0, 0, 1])),
          lambda: F.nll_loss(torch.randn(3, 4), torch.tensor([1, 2, 0]), weight=torch.ones(4, requires_grad=True)),
          lambda: F.cross_entropy(x, t, weight=torch.ones(3, requires_grad=True)),
          lambda: F.nll_loss(torch.randn(3, 4), torch.tensor([1, 2, 0]), weight=[1, 2, 3, 4]),
          lambda: F.nll_loss(torch.randn(2, 3), torch.tensor([5, 0])),
          lambda: F.nll_loss(F.log_softmax(x, 1), t, ignore_index=1)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

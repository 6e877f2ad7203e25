# nll_loss / cross_entropy with class weights and any ignore_index: every reduction,
# unbatched inputs, label smoothing and class probabilities with weights, the modules
# holding the weight as a buffer, the saved attributes, and the errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_printoptions(precision=8)
x = torch.tensor([[0.2, -1.3, 0.7, 1.1], [1.5, 0.3, -0.4, 0.9], [-0.6, 0.8, 2.1, -1.7],
                  [0.05, 0.4, -0.9, 1.3], [1.0, -0.2, 0.3, 0.6]], requires_grad=True)
t = torch.tensor([2, 0, 3, -100, 1])
w = torch.tensor([0.5, 2.0, 1.25, 0.8])

for reduction in ("mean", "sum", "none"):
    loss = F.cross_entropy(x, t, weight=w, reduction=reduction)
    print(reduction, loss, loss.grad_fn.name())
    x.grad = None
    loss.sum().backward()
    print(x.grad)

logp = F.log_softmax(x, dim=1)
loss = F.nll_loss(logp, t, weight=w)
print(loss, loss.grad_fn, loss.grad_fn._saved_weight, loss.grad_fn._saved_total_weight,
      loss.grad_fn._saved_ignore_index, loss.grad_fn._saved_reduction)

# ignore_index other than -100
t2 = torch.tensor([2, 0, 3, 1, 1])
for reduction in ("mean", "sum", "none"):
    loss = F.nll_loss(logp, t2, ignore_index=1, reduction=reduction)
    print("ignore 1", reduction, loss)
loss = F.nll_loss(logp, t2, weight=w, ignore_index=1)
x.grad = None
loss.backward()
print(loss, x.grad, loss.grad_fn._saved_ignore_index)

# every target ignored: a mean of nothing
print(F.nll_loss(logp, torch.tensor([1, 1, 1, 1, 1]), ignore_index=1))
print(F.nll_loss(logp, torch.tensor([1, 1, 1, 1, 1]), weight=w, ignore_index=1))

# the module forms, with their weight buffer
crit = nn.CrossEntropyLoss(weight=w, ignore_index=3)
print(crit, crit.weight, crit.ignore_index)
print(crit(x, t2))
crit = nn.NLLLoss(weight=w, reduction='sum')
print(crit(logp, t2), dict(crit.named_buffers()))

# unbatched input
v = torch.tensor([0.3, -0.2, 1.4, 0.1], requires_grad=True)
for reduction in ("mean", "sum", "none"):
    loss = F.cross_entropy(v, torch.tensor(2), weight=w, reduction=reduction)
    v.grad = None
    loss.backward()
    print("unbatched", reduction, loss, v.grad)
print(F.cross_entropy(v, torch.tensor(1), ignore_index=1))

# label smoothing with class weights and ignore_index
for reduction in ("mean", "sum", "none"):
    loss = F.cross_entropy(x, t, weight=w, label_smoothing=0.1, reduction=reduction)
    x.grad = None
    loss.sum().backward()
    print("smoothing", reduction, loss, loss.grad_fn.name())
    print(x.grad)
loss = F.cross_entropy(x, t2, ignore_index=0, label_smoothing=0.2)
print(loss)

# class probabilities with class weights
p = torch.tensor([[0.1, 0.2, 0.3, 0.4], [0.45, 0.25, 0.05, 0.25], [0.3, 0.3, 0.3, 0.1],
                  [0.0, 0.5, 0.1, 0.4], [0.6, 0.1, 0.15, 0.15]])
for reduction in ("mean", "sum", "none"):
    loss = F.cross_entropy(x, p, weight=w, reduction=reduction)
    x.grad = None
    loss.sum().backward()
    print("probabilities", reduction, loss, loss.grad_fn.name())
    print(x.grad)
print(F.cross_entropy(x, p, weight=w, label_smoothing=0.3))

# double precision
xd = x.detach().double().requires_grad_()
loss = F.cross_entropy(xd, t, weight=w.double())
loss.backward()
print(loss, xd.grad)

# errors
for f in (lambda: F.nll_loss(logp, t, weight=torch.ones(3)),
          lambda: F.cross_entropy(x, t, weight=torch.ones(2, 2)),
          lambda: F.cross_entropy(x, p, weight=torch.ones(3)),
          lambda: F.nll_loss(logp, torch.tensor([2, 0, 7, 1, 1]), weight=w),
          lambda: F.nll_loss(logp, t, weight=w.double()),
          lambda: F.cross_entropy(x, p, ignore_index=1)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

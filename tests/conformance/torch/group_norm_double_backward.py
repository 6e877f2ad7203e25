# Second-order gradients through group norm and instance norm (create_graph=True).
# Group norm: under grad mode 1.13 does not run the backward kernel but
# infinitely_differentiable_native_group_norm_backward, a composition of ordinary ops, so the
# first-order gradient ends in ReshapeAliasBackward0 (its values are the composition's) and
# a second derivative also flows through the saved mean and rstd, NativeGroupNormBackward0's
# other outputs. Instance norm is a batch norm of the input seen as (1, N * C, ...): its
# gradient carries NativeBatchNormBackwardBackward0 behind a view. Values to the last bit
# (.tolist()), float64 and float32, with and without weight and bias, and a third derivative.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def name(fn):
    return None if fn is None else type(fn).__name__


def chain(fn, depth=0, limit=3):
    if fn is None or depth > limit:
        return
    print("  " + "  " * depth + name(fn))
    for f, _ in fn.next_functions:
        chain(f, depth + 1, limit)


def second_and_third(grads, inputs, params):
    loss = (grads[0] * grads[0].detach().cos()).sum()
    if len(params) > 0:
        loss = loss + (grads[1] ** 2).sum()
    if len(params) > 1:
        loss = loss + (grads[2] * grads[1]).sum()
    second = torch.autograd.grad(loss, inputs, allow_unused=True, create_graph=True)
    for label, s in zip(("input", "grad_output", "weight", "bias"), second):
        print("  d2/d" + label, None if s is None else s.tolist())
    differentiable = [s for s in second if s is not None and s.requires_grad]
    if differentiable:
        third = torch.autograd.grad(sum((s ** 2).sum() for s in differentiable), inputs[:1], allow_unused=True)[0]
        print("  d3/dinput", None if third is None else third.tolist())


for dtype in (torch.float64, torch.float32):
    for shape, groups in (((2, 4, 3), 2), ((3, 6, 2, 2), 3), ((2, 4), 4), ((2, 6, 5), 1)):
        for affine in ("weight and bias", "weight", "plain"):
            C = shape[1]
            x = torch.randn(*shape, dtype=dtype, requires_grad=True)
            w = torch.randn(C, dtype=dtype, requires_grad=True) if affine != "plain" else None
            b = torch.randn(C, dtype=dtype, requires_grad=True) if affine == "weight and bias" else None
            y = F.group_norm(x, groups, w, b)
            go = torch.randn(*shape, dtype=dtype, requires_grad=True)
            params = [p for p in (w, b) if p is not None]
            grads = torch.autograd.grad(y, [x] + params, go, create_graph=True)
            print("group_norm", dtype, shape, groups, affine)
            for g in grads:
                print("  first", g.tolist(), name(g.grad_fn))
            chain(grads[0].grad_fn)
            second_and_third(grads, [x, go] + params, params)

for dtype in (torch.float64, torch.float32):
    for shape in ((2, 3, 4), (2, 2, 3, 3)):
        for affine in (True, False):
            C = shape[1]
            x = torch.randn(*shape, dtype=dtype, requires_grad=True)
            w = torch.randn(C, dtype=dtype, requires_grad=True) if affine else None
            b = torch.randn(C, dtype=dtype, requires_grad=True) if affine else None
            y = F.instance_norm(x, weight=w, bias=b)
            go = torch.randn(*shape, dtype=dtype, requires_grad=True)
            params = [p for p in (w, b) if p is not None]
            grads = torch.autograd.grad(y, [x] + params, go, create_graph=True)
            print("instance_norm", dtype, shape, "affine" if affine else "plain")
            for g in grads:
                print("  first", g.tolist(), name(g.grad_fn))
            chain(grads[0].grad_fn, limit=2)
            second_and_third(grads, [x, go] + params, params)

# Modules: GroupNorm and InstanceNorm2d (with running statistics, in eval mode too) in a
# gradient penalty.
net = nn.Sequential(nn.Linear(4, 6), nn.Unflatten(1, (3, 2)), nn.GroupNorm(3, 3), nn.Tanh(), nn.Flatten(),
                    nn.Linear(6, 1)).double()
x = torch.randn(5, 4, dtype=torch.float64, requires_grad=True)
gx, = torch.autograd.grad(net(x).sum(), x, create_graph=True)
gx.pow(2).sum().backward()
for pname, p in net.named_parameters():
    print(pname, None if p.grad is None else p.grad.tolist())
inorm = nn.InstanceNorm2d(2, affine=True, track_running_stats=True).double()
for training in (True, False):
    inorm.train(training)
    x = torch.randn(2, 2, 3, 3, dtype=torch.float64, requires_grad=True)
    gx, = torch.autograd.grad(inorm(x).pow(3).sum(), x, create_graph=True)
    print("InstanceNorm2d", "train" if training else "eval", name(gx.grad_fn))
    gx.pow(2).sum().backward()
    print(" ", x.grad.tolist(), inorm.weight.grad.tolist(), inorm.bias.grad.tolist())
    inorm.zero_grad()

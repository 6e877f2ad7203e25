# Second-order gradients through batch norm (create_graph=True). In 1.13 the gradients that
# NativeBatchNormBackward0 returns under create_graph carry NativeBatchNormBackwardBackward0,
# whose backward is FunctionsManual's batchnorm_double_backward: gradients for the input, the
# weight and grad_output, in training (batch statistics) and evaluation (running statistics),
# with and without weight and bias, float64 and float32. Values to the last bit (.tolist()),
# the nodes of the first-order graph, and a third derivative through the second.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def name(fn):
    return None if fn is None else type(fn).__name__


def show_node(label, t):
    fn = t.grad_fn
    print(label, name(fn), [(name(f), i) for f, i in fn.next_functions] if fn is not None else None)


for dtype in (torch.float64, torch.float32):
    for shape in ((5, 3), (3, 2, 5), (2, 3, 2, 3)):
        for affine in (True, False):
            for training in (True, False):
                C = shape[1]
                x = torch.randn(*shape, dtype=dtype, requires_grad=True)
                w = torch.randn(C, dtype=dtype, requires_grad=True) if affine else None
                b = torch.randn(C, dtype=dtype, requires_grad=True) if affine else None
                running_mean = torch.randn(C, dtype=dtype)
                running_var = torch.rand(C, dtype=dtype) + 0.5
                y = F.batch_norm(x, running_mean, running_var, w, b, training=training)
                go = torch.randn(*shape, dtype=dtype, requires_grad=True)
                params = [w, b] if affine else []
                grads = torch.autograd.grad(y, [x] + params, go, create_graph=True)
                print(dtype, shape, "affine" if affine else "plain", "training" if training else "eval")
                show_node("  grad input:", grads[0])
                for label, g in zip(("  grad weight:", "  grad bias:"), grads[1:]):
                    show_node(label, g)
                loss = (grads[0] * grads[0].detach().sin()).sum()
                if affine:
                    loss = loss + (grads[1] ** 2).sum() + (grads[2] * 3).sum()
                inputs = [x, go] + params
                second = torch.autograd.grad(loss, inputs, allow_unused=True, create_graph=True)
                for label, s in zip(("input", "grad_output", "weight", "bias"), second):
                    print("  d2/d" + label, None if s is None else s.tolist(), name(None if s is None else s.grad_fn))
                differentiable = [s for s in second if s is not None and s.requires_grad]
                if differentiable:
                    third = torch.autograd.grad(sum((s ** 2).sum() for s in differentiable), [x],
                                                allow_unused=True)[0]
                    print("  d3/dinput", None if third is None else third.tolist())

# Only the weight's gradient differentiated: ggI and ggB are undefined.
x = torch.randn(4, 3, 5, dtype=torch.float64, requires_grad=True)
bn = nn.BatchNorm1d(3).double()
go = torch.randn(4, 3, 5, dtype=torch.float64)
gw, = torch.autograd.grad(bn(x), bn.weight, go, create_graph=True)
show_node("weight only:", gw)
print(torch.autograd.grad(gw.sum(), x)[0].tolist())

# A BatchNorm1d module in a gradient penalty: |d out / d x|^2 backpropagated to the weights.
net = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.Tanh(), nn.Linear(3, 1)).double()
x = torch.randn(6, 4, dtype=torch.float64, requires_grad=True)
out = net(x).sum()
gx, = torch.autograd.grad(out, x, create_graph=True)
penalty = gx.pow(2).sum()
penalty.backward()
print("penalty", penalty.item())
for pname, p in net.named_parameters():
    print(pname, None if p.grad is None else p.grad.tolist())
print("running_mean", net[1].running_mean.tolist())

# Second-order gradients through layer norm (create_graph=True). In 1.13 the gradients that
# NativeLayerNormBackward0 returns under create_graph carry NativeLayerNormBackwardBackward0
# (inputs grad_out, input, mean, rstd, weight, bias), whose backward is FunctionsManual's
# layer_norm_double_backward: gradients for the input, the weight and grad_output, over one
# or two normalised dims, with weight and bias, weight only, or neither, float64 and float32.
# Values to the last bit (.tolist()), a third derivative, and a gradient-penalty step through
# an MLP with LayerNorm.
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
    for shape, normalized in (((4, 5), (5,)), ((3, 2, 6), (6,)), ((2, 3, 2, 3), (2, 3)), ((2, 17), (17,))):
        for affine in ("weight and bias", "weight", "plain"):
            x = torch.randn(*shape, dtype=dtype, requires_grad=True)
            w = torch.randn(*normalized, dtype=dtype, requires_grad=True) if affine != "plain" else None
            b = torch.randn(*normalized, dtype=dtype, requires_grad=True) if affine == "weight and bias" else None
            y = F.layer_norm(x, normalized, w, b)
            go = torch.randn(*shape, dtype=dtype, requires_grad=True)
            params = [p for p in (w, b) if p is not None]
            grads = torch.autograd.grad(y, [x] + params, go, create_graph=True)
            print(dtype, shape, affine)
            show_node("  grad input:", grads[0])
            for label, g in zip(("  grad weight:", "  grad bias:"), grads[1:]):
                show_node(label, g)
            loss = (grads[0] * grads[0].detach().cos()).sum()
            if w is not None:
                loss = loss + (grads[1] ** 2).sum()
            if b is not None:
                loss = loss + (grads[2] * grads[1]).sum()
            inputs = [x, go] + params
            second = torch.autograd.grad(loss, inputs, allow_unused=True, create_graph=True)
            for label, s in zip(("input", "grad_output", "weight", "bias"), second):
                print("  d2/d" + label, None if s is None else s.tolist(), name(None if s is None else s.grad_fn))
            differentiable = [s for s in second if s is not None and s.requires_grad]
            if differentiable:
                third = torch.autograd.grad(sum((s ** 2).sum() for s in differentiable), [x] + params[:1],
                                            allow_unused=True)
                for label, t in zip(("input", "weight"), third):
                    print("  d3/d" + label, None if t is None else t.tolist())

# Saved tensors of the double-backward node.
x = torch.randn(2, 4, dtype=torch.float64, requires_grad=True)
ln = nn.LayerNorm(4).double()
gx, = torch.autograd.grad(ln(x).pow(2).sum(), x, create_graph=True)
node = gx.grad_fn
print(name(node), node._saved_normalized_shape, node._saved_grad_out.tolist(), node._saved_rstd.tolist())

# A gradient penalty (as in WGAN-GP) through an MLP with LayerNorm, and one SGD step.
model = nn.Sequential(nn.Linear(3, 8), nn.LayerNorm(8), nn.Tanh(), nn.Linear(8, 8), nn.LayerNorm(8), nn.ReLU(),
                      nn.Linear(8, 1)).double()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
for step in range(2):
    opt.zero_grad()
    out = model(x)
    gx, = torch.autograd.grad(out.sum(), x, create_graph=True)
    penalty = ((gx.norm(2, dim=1) - 1) ** 2).mean()
    loss = out.mean() + 10 * penalty
    loss.backward()
    print("step", step, loss.item(), penalty.item())
    for pname, p in model.named_parameters():
        print(" ", pname, p.grad.tolist())
    opt.step()

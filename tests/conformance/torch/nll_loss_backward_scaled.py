# NllLossBackward0 with a mean reduction divides the incoming gradient by the total weight
# (-(grad / total_weight), nll_loss_backward_out_frame), which rounds differently from
# multiplying it by -1 / total_weight once the gradient is not 1.
import torch
import torch.nn.functional as F

for dtype in (torch.float32, torch.float64):
    for scale in (0.9, 0.7, 1.3, 0.1, 1.0):
        inp = torch.arange(15., dtype=dtype).reshape(3, 5).div(7).requires_grad_()
        labels = torch.tensor([1, 0, 4])
        for reduction in ('mean', 'sum', 'none'):
            out = F.nll_loss(inp, labels, reduction=reduction) * scale
            out.backward(torch.ones_like(out))
            print(dtype, scale, reduction, [float.hex(v) for v in inp.grad[inp.grad != 0].tolist()])
            inp.grad = None
        out = F.cross_entropy(inp, labels) * scale
        out.backward()
        print([float.hex(v) for v in inp.grad.flatten().tolist()])

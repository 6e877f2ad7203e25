# Batch norm over inputs that are not dense (Note [Batch norm over strided inputs]):
# transposed, sliced and permuted inputs, a gradient that is not contiguous, training
# and evaluation, float32 and float64, with the running statistics after each step.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def show(label, t):
    print(label, t.dtype, tuple(t.shape), t.flatten().tolist())


def run(name, x, dtype, training=True, weight=True, grad_transposed=False):
    c = x.shape[1]
    x = x.detach().requires_grad_()
    rm = torch.randn(c, dtype=dtype) * 0.1
    rv = torch.rand(c, dtype=dtype) + 0.5
    w = torch.randn(c, dtype=dtype, requires_grad=True) if weight else None
    b = torch.randn(c, dtype=dtype, requires_grad=True) if weight else None
    y = F.batch_norm(x, rm, rv, w, b, training=training, momentum=0.1, eps=1e-5)
    print('--', name, dtype, 'training' if training else 'eval', 'contiguous input:', x.is_contiguous())
    show('y', y)
    show('running_mean', rm)
    show('running_var', rv)
    g = torch.randn(y.shape[::-1], dtype=dtype).permute(*reversed(range(y.dim()))) if grad_transposed \
        else torch.randn(y.shape, dtype=dtype)
    y.backward(g)
    show('x.grad', x.grad)
    if weight:
        show('w.grad', w.grad)
        show('b.grad', b.grad)


for dtype in (torch.float32, torch.float64):
    base = torch.randn(3, 3, 4, 5, dtype=dtype) * 2 + 0.5
    run('transposed HW', base.transpose(2, 3), dtype)
    run('sliced', torch.randn(2, 3, 8, 5, dtype=dtype)[:, :, ::2], dtype)
    run('batch and channel swapped', torch.randn(3, 4, 5, 7, dtype=dtype).transpose(0, 1), dtype)
    run('channels of (N, C) transposed', torch.randn(3, 10, dtype=dtype).t(), dtype)
    run('sequence (N, L, C) transposed', torch.randn(2, 9, 4, dtype=dtype).transpose(1, 2), dtype)
    run('eval, transposed', base.transpose(2, 3), dtype, training=False)
    run('no affine, sliced', torch.randn(5, 2, 33, dtype=dtype)[..., 1::3], dtype, weight=False)
    run('contiguous input, transposed gradient', torch.randn(2, 4, 3, 5, dtype=dtype), dtype, grad_transposed=True)

# BatchNorm1d over a batch of sequences given as (N, L, C), transposed to (N, C, L): two
# training steps, then evaluation.
bn = nn.BatchNorm1d(4)
seq = torch.randn(3, 8, 4)
opt = torch.optim.SGD(bn.parameters(), lr=0.1)
for step in range(2):
    opt.zero_grad()
    out = bn(seq.transpose(1, 2))
    loss = (out ** 2 * torch.arange(8.0)).mean()
    loss.backward()
    opt.step()
    print('step', step, loss.item(), bn.running_mean.tolist(), bn.running_var.tolist(), bn.weight.tolist())
bn.eval()
print(bn(seq.transpose(1, 2)).flatten().tolist())

# batch_norm of channels-last inputs (Note [Batch norm of channels-last inputs]): 1.13
# runs an input contiguous in channels_last through its channels-last kernels as N*H*W
# rows of C channels, and a channels_last_3d one through its strided loops; both lay the
# output and the input gradient out as the input suggests. Every value by tolist(),
# training and evaluation, float32 and float64, channels-last and contiguous gradients.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
cl, cl3 = torch.channels_last, torch.channels_last_3d
for dtype in (torch.float32, torch.float64):
    for shape, fmt in [((2, 3, 4, 5), cl), ((3, 9, 2, 3), cl), ((2, 17, 3, 3), cl), ((2, 5, 2, 3, 2), cl3)]:
        for training in (True, False):
            x = (torch.randn(*shape, dtype=dtype) * 3 + 1).contiguous(memory_format=fmt).requires_grad_()
            w = torch.randn(shape[1], dtype=dtype, requires_grad=True)
            b = torch.randn(shape[1], dtype=dtype, requires_grad=True)
            rm = torch.randn(shape[1], dtype=dtype)
            rv = torch.rand(shape[1], dtype=dtype) + 0.5
            y = F.batch_norm(x, rm, rv, w, b, training=training)
            g1 = torch.autograd.grad(y, (x, w, b), torch.randn(shape, dtype=dtype).contiguous(memory_format=fmt),
                                     retain_graph=True)
            g2 = torch.autograd.grad(y, (x, w, b), torch.randn(shape, dtype=dtype))
            print(dtype, shape, training, y.stride(), y.flatten().tolist(), rm.tolist(), rv.tolist())
            print("  grads", [g.stride() for g in g1], [g.flatten().tolist() for g in g1])
            print("  grads", [g.stride() for g in g2], [g.flatten().tolist() for g in g2])
bn = torch.nn.BatchNorm2d(4).to(memory_format=cl)
x = torch.randn(3, 4, 5, 5).contiguous(memory_format=cl)
y = bn(x)
print(y.stride(), y.sum().item(), bn.running_mean.tolist(), bn.running_var.tolist(), bn.num_batches_tracked.item())

# Modules in float16 / bfloat16: Module.half() / .bfloat16() / .to(dtype), BatchNorm2d(dtype=)
# buffers, state_dict save / load round trip (HalfStorage / BFloat16Storage), autograd
# through the ops that take 16-bit floats (gradients in the same dtype).
import io
import torch
from torch import nn

lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]]))
    lin.bias.copy_(torch.tensor([0.01, -0.02]))
print(lin.half().weight, lin.bias.dtype)
print(lin.bfloat16().weight, lin.float().weight.dtype)
print(lin.to(torch.float16).weight.dtype, lin.to(dtype=torch.bfloat16).bias)

bn = nn.BatchNorm2d(3, dtype=torch.half)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked, bn.weight, bn.bias)
print(nn.BatchNorm2d(2).half().running_var, nn.BatchNorm2d(2).bfloat16().num_batches_tracked.dtype)

for dt in (torch.half, torch.bfloat16):
    sd = nn.Linear(3, 2, dtype=dt).state_dict()
    buffer = io.BytesIO()
    torch.save({'w': torch.tensor([0.1, 65504, -2.5e-3, float('inf')], dtype=dt), 'sd': sd}, buffer)
    buffer.seek(0)
    loaded = torch.load(buffer)
    print(loaded['w'], loaded['w'].dtype, loaded['w'].element_size())
    print(all(torch.equal(loaded['sd'][k], sd[k]) for k in sd), [v.dtype for v in loaded['sd'].values()])
    target = nn.Linear(3, 2, dtype=dt)
    print(target.load_state_dict(loaded['sd']), torch.equal(target.weight, sd['weight']))

    x = torch.tensor([0.5, -1.25, 3.0], dtype=dt, requires_grad=True)
    y = torch.tensor([2.0, 0.1, -0.7], dtype=dt, requires_grad=True)
    z = ((x * y + x / 3 - y) * 1.5).sum()
    z.backward()
    print(z, x.grad, y.grad, x.grad.dtype)
    w = torch.tensor([1.0, 2.0], dtype=dt, requires_grad=True)
    (w * w).mean().backward()
    print(w.grad, (w.abs() - 0.5).sum().grad_fn.name())
print(torch.HalfStorage, torch.BFloat16Storage, torch.HalfStorage.dtype, torch.BFloat16Storage.dtype)

# float16 and bfloat16 tensors: creation, conversions to and from every dtype with
# round to nearest even (bits shown through float.hex), NaN/inf/overflow/subnormals,
# printing (the dtype suffix, int/fixed/scientific modes), finfo.
import torch

vals = [0.1, 1 / 3, 65504, 65519.99, 65520, 1e-8, 3e-8, 6e-5, -2.5, 1e5, float('inf'), -float('inf'),
        0.0, -0.0, 1e-40, 3.4e38, 1.0000001, 2049, 4097, 2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -26]
for dt in (torch.half, torch.bfloat16):
    t = torch.tensor(vals, dtype=dt)
    print([float.hex(v) for v in t.float().tolist()])
    print([float.hex(v) for v in torch.tensor(vals, dtype=torch.float64).to(dt).double().tolist()])
    print([float.hex(v) for v in torch.tensor(vals).to(dt).tolist()])
    print(t.dtype, t.element_size(), t.is_floating_point(), t.dtype.is_floating_point)
    print(t)
    print(torch.tensor([1, 2, 3]).to(dt), torch.tensor([True, False]).to(dt), torch.tensor([2049, -4097]).to(dt))
    print(t.long(), t.bool(), torch.tensor([float('nan')], dtype=dt).long())
    print(torch.zeros(2, 3, dtype=dt), torch.ones(3, dtype=dt), torch.full((2,), 0.1, dtype=dt))
    print(torch.tensor([0.1, 0.25, 100.0], dtype=dt), torch.tensor([1e-5, 1.0], dtype=dt),
          torch.tensor([], dtype=dt), torch.tensor(3.5, dtype=dt), torch.zeros(0, 2, dtype=dt))
    print(torch.tensor([float('nan'), 1.5], dtype=dt), torch.tensor([1., 2.], dtype=dt, requires_grad=True))
    print(torch.tensor([1e4, 2e4, 3.0], dtype=dt), torch.tensor([123.0, -7.0], dtype=dt))
    x = torch.tensor([0.1, 0.2, 0.3], dtype=dt)
    print(x.half(), x.bfloat16(), x.float(), x.double(), x.to(torch.float16), x.type(torch.float64))
    print(x.tolist(), x[0].item(), repr(x[1]), x.type())
    print(torch.finfo(dt))
    f = torch.finfo(dt)
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype)
print(torch.finfo(), torch.finfo(torch.float64), torch.finfo(torch.half) == torch.finfo(torch.float16))
print(torch.float16, torch.half, torch.bfloat16, torch.half is torch.float16)
# arange computes start + step * i in float, then rounds; eye takes float16 only.
for dt in (torch.half, torch.bfloat16):
    for args in ((5,), (0, 1, 0.1), (-3, 7, 0.37), (1000, 1100, 3.3), (0.5, 2.5, 0.25), (10, 0, -0.7)):
        print([float.hex(v) for v in torch.arange(*args, dtype=dt).tolist()])
    try:
        print(torch.eye(3, dtype=dt), torch.eye(2, 3, dtype=dt))
    except RuntimeError as e:
        print(type(e).__name__, e)

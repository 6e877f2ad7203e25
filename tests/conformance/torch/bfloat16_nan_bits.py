import torch

# The sign bit of NaN converted to bfloat16 depends on which of ATen's bodies converted it
# (Note [NaN bits of a conversion to bfloat16]): its vector body writes 0xFFFF, its scalar
# one 0x7FC0. torch.signbit shows the difference.
nan = float('nan')
for src in (torch.float32, torch.float64, torch.float16):
    for n in (1, 8, 15, 16, 17, 31, 32, 33, 40, 65):
        x = torch.full((n,), nan, dtype=src)
        print(src, n, ''.join('1' if v else '0' for v in torch.signbit(x.bfloat16()).tolist()))
x = torch.full((40,), nan, dtype=torch.float64)
print(''.join('1' if v else '0' for v in torch.signbit(x[::2].bfloat16()).tolist()))
print(''.join('1' if v else '0' for v in torch.signbit(x[3:].bfloat16()).tolist()))
print(''.join('1' if v else '0' for v in torch.signbit(x.reshape(2, 20).bfloat16()).flatten().tolist()))
print(''.join('1' if v else '0' for v in torch.signbit(x.reshape(20, 2).t().bfloat16()).flatten().tolist()))
y = torch.full((40,), nan)
print(''.join('1' if v else '0' for v in torch.signbit(y[::2].bfloat16()).tolist()))
print(''.join('1' if v else '0' for v in torch.signbit(y.reshape(4, 10).bfloat16()).flatten().tolist()))
print(''.join('1' if v else '0' for v in torch.signbit(y.bfloat16().float()).tolist()))
print(''.join('1' if v else '0' for v in torch.signbit(y.half()).tolist()))
print(torch.signbit(torch.tensor([nan], dtype=torch.bfloat16)).tolist())
v = torch.tensor([nan, -nan, 1.0, -0.0])
print(torch.signbit(v.half().abs()).tolist(), torch.signbit(v.bfloat16().abs()).tolist())

# torch.isposinf / isneginf / signbit and their methods: bool results for every dtype (false for
# integral inputs of isposinf / isneginf, the sign bit of -0.0 and of negative NaNs), no grad_fn
# or tangent for inputs that require grad, output layout, inference-tensor versions, errors.
import struct, torch

neg_nan = struct.unpack('<f', struct.pack('<I', 0xFFC00000))[0]
x = torch.tensor([1.5, -0.0, 0.0, float('inf'), -float('inf'), float('nan'), neg_nan, -2.0, 3e38, -1e-45])
for f in (torch.isposinf, torch.isneginf, torch.signbit):
    finite_or_inf = x[[0, 1, 2, 3, 4, 7, 8, 9]]
    print(f.__name__, f(x).tolist(), f(x.double()).tolist(), f(x.half()).tolist(), f(finite_or_inf.bfloat16()).tolist())
    print(f(torch.tensor([-3, 0, 4])).tolist(), f(torch.tensor([255, 0], dtype=torch.uint8)).tolist(),
          f(torch.tensor([-1, 1], dtype=torch.int8)).tolist(), f(torch.tensor([True, False])).tolist())
    m = torch.tensor([[1., -float('inf')], [float('inf'), -0.]]).t()
    r = f(m)
    print(r.tolist(), r.stride(), r.dtype, getattr(m, f.__name__)().tolist())
    g = torch.tensor([-1., float('inf')], requires_grad=True)
    r = f(g)
    print(r.requires_grad, r.grad_fn)
    with torch.inference_mode():
        inf_in = torch.tensor([1., -2.])
        int_in = torch.tensor([1, -2])
    print(f(inf_in)._version, f(int_in)._version, f(torch.tensor([True]))._version)

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([-1., float('inf')]), torch.tensor([1., 2.]))
    print([fwAD.unpack_dual(f(d)).tangent for f in (torch.isposinf, torch.isneginf, torch.signbit)])

for call in (lambda: torch.isposinf(2), lambda: torch.isneginf(x, x), lambda: torch.signbit(input=x).tolist(),
             lambda: torch.signbit(), lambda: x.isposinf(1), lambda: x.signbit(x)):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)

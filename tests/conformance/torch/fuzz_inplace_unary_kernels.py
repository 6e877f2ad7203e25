# Found by the differential fuzzer: exp_ and pow_ compute their values with the kernels of
# exp and pow (SLEEF on contiguous runs, PyTorch's special exponents), so x.exp_() equals
# x.exp() to the last bit, on views too.
import torch

values = [[-9.5, -3.25, 0.1, 1.7, 3.3, 7.77, 11.1, 19.9], [21.5, -0.3, 0.62, 4.2, -7.1, 2.2, 13.3, 0.01]]
for dtype in (torch.float32, torch.float64):
    for view in ('b', 'b.t()', 'b[:, 1:]', 'b[:, ::3]'):
        b = torch.tensor(values, dtype=dtype)
        expected = eval(view).exp()
        eval(view).exp_()
        print(dtype, view, 'exp_', [repr(v) for v in eval(view).flatten().tolist()] == [repr(v) for v in expected.flatten().tolist()])
        print([repr(v) for v in b.flatten().tolist()])
        if view in ('b', 'b[:, 1:]'):  # (a transposed pow runs in memory order in PyTorch; not yet here)
            b = torch.tensor(values, dtype=dtype).abs()
            eval(view).pow_(1.7)
            print(dtype, view, 'pow_', [repr(v) for v in b.flatten().tolist()])

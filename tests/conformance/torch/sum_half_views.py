# float16 and bfloat16 sums and means over one and two dims of contiguous, permuted,
# transposed and sliced tensors (Note [Sums of float16 and bfloat16]): the output is
# stored in the dtype after every row or column sum, so where the iterator splits a
# reduction the rounding shows.
import torch

torch.manual_seed(0)
for dtype in (torch.float16, torch.bfloat16):
    for shape in [(6, 70, 5), (3, 300, 7), (40, 33, 2), (2, 2, 5000), (17, 3, 19)]:
        base = (torch.rand(*shape) * 4 - 1).to(dtype)
        for name, v in [('contiguous', base), ('permuted', base.permute(2, 0, 1)),
                        ('transposed', base.transpose(0, 1)), ('sliced', base[:, ::3])]:
            print(dtype, shape, name)
            for dims in [(0,), (1,), (2,), (0, 1), (1, 2), (0, 2), (0, 1, 2)]:
                s = v.sum(dims)
                m = v.mean(dims, keepdim=True)
                print(' ', dims, s.flatten()[:4].tolist(), s.float().sum().item(), m.flatten()[-3:].tolist(),
                      m.float().sum().item())
            print('  all', v.sum().item(), v.mean().item())

# Found by the differential fuzzer: mv goes through BLAS gemv as PyTorch's addmv_impl_cpu
# hands it (a column-major matrix as 'n', a row-major one as 't', anything else copied
# first), not through gemm: gemv sums in its own order, so the last bits differ otherwise.
# Its backward (ger, and mv of the transposed matrix) follows.
import torch

values = [1.917, -2.204, 0.388, 2.651, -0.472, 1.033, -1.806, 0.259, 2.987, -2.45, 0.611, -0.093,
          1.372, -2.918, 0.847, 2.106, -1.239, 0.524, -0.775, 1.654, -2.037, 0.916, 2.33, -0.318]

def lit(rows, cols, dtype, offset=0):
    flat = [values[(offset + i) % len(values)] * (1 + i // len(values)) for i in range(rows * cols)]
    return torch.tensor(flat, dtype=dtype).reshape(rows, cols)

for dtype in (torch.float32, torch.float64):
    for m, k in [(4, 3), (1, 3), (3, 1), (1, 1), (7, 9)]:
        a = lit(m, k, dtype).requires_grad_()
        v = lit(1, k, dtype, 5).reshape(k).requires_grad_()
        results = [a.mv(v), a.t().contiguous().t().mv(v), lit(k, m, dtype, 2).t().mv(v),
                   lit(m, 2 * k, dtype, 3)[:, ::2].mv(v), a.mv(lit(1, 2 * k, dtype, 7).reshape(2 * k)[::2]), a @ v]
        print(dtype, m, k, [repr(x) for r in results for x in r.tolist()])
        (results[0] * lit(1, m, dtype, 11).reshape(m)).sum().backward()
        print([repr(x) for x in a.grad.flatten().tolist()], [repr(x) for x in v.grad.tolist()])

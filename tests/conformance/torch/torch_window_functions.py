# hann_window, hamming_window, bartlett_window, blackman_window: ATen's arange + in-place
# arithmetic, to the last bit in float32 and float64; periodic and symmetric; errors.
import torch

for name in ["hann_window", "hamming_window", "bartlett_window", "blackman_window"]:
    f = getattr(torch, name)
    for n in [0, 1, 2, 3, 4, 5, 7, 8, 16, 33, 100]:
        for periodic in [True, False]:
            for dtype in [torch.float32, torch.float64]:
                w = f(n, periodic, dtype=dtype)
                print(name, n, periodic, dtype, list(w.shape), w.double().tolist())
    w = f(6)
    print(name, "default", w.dtype, w.tolist(), w.requires_grad, w.grad_fn)
    w = f(6, requires_grad=True)
    print(name, "requires_grad", w.requires_grad, w.grad_fn, w.is_leaf)
    (w * w).sum().backward()
    print("  grad", w.grad.tolist())
    # (bfloat16 windows are left out: the engine has no bfloat16 cos yet)
    for dtype in [torch.float16]:
        try:
            print(name, dtype, f(9, dtype=dtype).tolist())
        except Exception as e:
            print(name, dtype, type(e).__name__, e)
    for args, kwargs in [((5,), {"dtype": torch.int64}), ((-1,), {}), ((3,), {"dtype": torch.bool}),
                         ((3, False), {"dtype": torch.int32})]:
        try:
            print(f(*args, **kwargs))
        except Exception as e:
            print(type(e).__name__, e)

for alpha, beta in [(0.5, 0.5), (0.54, 0.46), (0.3, 0.9), (1, 2)]:
    print("hamming alpha beta", alpha, beta, torch.hamming_window(12, False, alpha, beta).tolist(),
          torch.hamming_window(11, True, alpha, beta, dtype=torch.float64).tolist())
torch.set_default_dtype(torch.float64)
print("default double", torch.hann_window(7).dtype, torch.blackman_window(7).tolist())

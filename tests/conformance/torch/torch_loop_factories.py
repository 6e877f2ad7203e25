# logspace (ATen's loop: pow in double from start for the first half, from end for the
# second), tril_indices and triu_indices.
import torch

for dtype in [torch.float32, torch.float64]:
    for start, end, steps, base in [(0, 1, 5, 10.0), (-3.3, 2.7, 11, 10.0), (0.1, 0.9, 7, 2.0), (1, 1, 4, 10),
                                    (2, -2, 9, 3.5), (0, 10, 1, 10.0), (5, 6, 0, 10.0), (-10, 10, 100, 1.1),
                                    (1e-3, 38, 13, 10.0), (0, 1, 2, 0.5), (0.3333333333, 0.7777777, 6, 2.718281828)]:
        t = torch.logspace(start, end, steps, base, dtype=dtype)
        print("logspace", dtype, start, end, steps, base, list(t.shape), t.double().tolist())
for dtype in [torch.int64, torch.int32, torch.int16, torch.uint8]:
    print("logspace", dtype, torch.logspace(0, 2, 5, dtype=dtype).tolist(), torch.logspace(0, 3.7, 6, 2, dtype=dtype).tolist(),
          torch.logspace(1.9, 2, 1, dtype=dtype).tolist())
for dtype in [torch.float16, torch.bfloat16]:
    for steps in [1, 7]:
        try:
            print("logspace", dtype, torch.logspace(-1, 1, steps, dtype=dtype).tolist())
        except Exception as e:
            print("logspace", dtype, type(e).__name__, e)
t = torch.logspace(0, 1, 4, requires_grad=True)
print("logspace default", t.dtype, t.requires_grad, t.grad_fn, t.tolist())
t = torch.logspace(0, 1, steps=3, base=2)
print("logspace kw", t.tolist())

for f in ["tril_indices", "triu_indices"]:
    for row, col, offset in [(3, 3, 0), (4, 3, 0), (3, 5, 1), (5, 3, -1), (4, 4, -3), (4, 4, 5), (3, 4, -10), (0, 3, 0),
                             (3, 0, 0), (1, 1, 0), (6, 2, 2)]:
        t = getattr(torch, f)(row, col, offset)
        print(f, row, col, offset, t.dtype, list(t.shape), t.tolist())
    print(f, "int32", getattr(torch, f)(3, 3, dtype=torch.int32))

for g in [lambda: torch.logspace(0, 1, -1), lambda: torch.logspace(0, 1), lambda: torch.tril_indices(-1, 3),
          lambda: torch.triu_indices(3, -2), lambda: torch.triu_indices(3, 3, dtype=torch.float32),
          lambda: torch.tril_indices(3, 3, dtype=torch.bool), lambda: torch.tril_indices(3, 3, requires_grad=True),
          lambda: torch.logspace(0, 1, 3, dtype=torch.int64, requires_grad=True)]:
    try:
        print(g())
    except Exception as e:
        print(type(e).__name__, e)

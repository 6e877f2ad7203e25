# torch.is_nonzero, is_same_size, is_signed, get_device, can_cast, is_storage (and the
# Tensor methods of the first four).
import torch

for t in [torch.tensor([0.0]), torch.tensor(1.5), torch.tensor([False]), torch.tensor([[3]]), torch.tensor(-0.0),
          torch.tensor(float("nan"))]:
    print("is_nonzero", torch.is_nonzero(t), t.is_nonzero())
a, b = torch.ones(2, 3), torch.zeros(2, 3)
print("is_same_size", torch.is_same_size(a, b), a.is_same_size(b), torch.is_same_size(a, b.t()),
      torch.is_same_size(torch.ones(()), torch.ones(1)))
for dtype in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int16,
              torch.int8, torch.uint8, torch.bool]:
    t = torch.zeros(2, dtype=dtype)
    print("is_signed", dtype, torch.is_signed(t), t.is_signed())
print("get_device", torch.get_device(a), a.get_device())
dtypes = [torch.float64, torch.float32, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int16,
          torch.int8, torch.uint8, torch.bool]
for f in dtypes:
    print("can_cast", f, [int(torch.can_cast(f, t)) for t in dtypes])
print("is_storage", torch.is_storage(torch.FloatStorage(2)), torch.is_storage(torch.TypedStorage()),
      torch.is_storage(a), torch.is_storage([1]))

for f in [lambda: torch.is_nonzero(torch.tensor([1, 2])), lambda: torch.is_nonzero(torch.tensor([])),
          lambda: torch.is_nonzero(3), lambda: torch.is_same_size(a, 2), lambda: torch.is_signed(1),
          lambda: torch.can_cast(torch.float32, 1), lambda: torch.can_cast("float", torch.int32)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

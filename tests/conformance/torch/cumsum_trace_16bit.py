# PyTorch 1.13's CPU cumsum/cumprod have no float16 kernel and trace has no 16-bit
# kernel; the other new ops take 16-bit tensors.
import torch

for dt in (torch.half, torch.bfloat16):
    t = (torch.arange(6.) / 4).to(dt)
    for f in (lambda: t.cumsum(0), lambda: t.cumprod(0), lambda: t.reshape(2, 3).trace(), lambda: t.flip(0),
              lambda: t.reshape(2, 3).triu(), lambda: t.roll(2), lambda: t.gather(0, torch.tensor([5, 0]))):
        try:
            print(f())
        except RuntimeError as e:
            print("RuntimeError:", e)
print(torch.arange(6.).half().cumsum(0, dtype=torch.float32))

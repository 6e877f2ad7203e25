# A view of a view made in inference mode keeps the inference-mode restriction even when
# it is made under no_grad (1.13's propagate_creation_meta): modifying it in place says
# "created in inference mode" (differential fuzzer seed 2603 index 3547).
import torch

t1 = torch.rand(3, 3, requires_grad=True)
with torch.inference_mode():
    t4 = t1[..., :1]
t6 = t4.T
with torch.no_grad():
    t8 = t6[..., :1]
    t8b = t6.narrow(1, 0, 1)
    t8c = t1[..., :1][0]
for t in (t8, t8b, t8c):
    try:
        t.copy_(torch.tensor([2.0], requires_grad=True))
        print(t.grad_fn.name())
    except RuntimeError as e:
        print("RuntimeError:", e)

# addcmul/addcdiv of float16 values: 1.13's CPU kernel has no float16 case (bfloat16
# computes, and float16 operands promoted to float32 by self do too).
import torch
a = torch.tensor([1.5, 2.], dtype=torch.half)
print(torch.addcmul(torch.ones(2), a, a), torch.addcdiv(a.bfloat16(), a.bfloat16(), a.bfloat16(), value=2))
for f in (lambda: torch.addcmul(a, a, a), lambda: torch.addcdiv(a, a, a, value=0.5), lambda: a.clone().addcmul_(a, a)):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)
torch.addcdiv(a, a, a)

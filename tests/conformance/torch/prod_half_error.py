# prod of float16 or bfloat16 values: 1.13's CPU kernel has no case for them (an empty
# input never reaches the kernel and gives 1; a float16 input multiplied in float works).
import torch
print(torch.ones(0, dtype=torch.half).prod(), torch.ones(0, 3, dtype=torch.bfloat16).prod(0))
print(torch.tensor([1.5, 2.], dtype=torch.half).prod(dtype=torch.float))
cases = [lambda: torch.tensor([1.5, 2.], dtype=torch.half).prod(),
         lambda: torch.tensor([1.5, 2.], dtype=torch.bfloat16).prod(0),
         lambda: torch.tensor(2., dtype=torch.half).prod(0, keepdim=True),
         lambda: torch.ones(3).prod(dtype=torch.half),
         lambda: torch.ones(3, dtype=torch.int).prod(dtype=torch.bfloat16),
         lambda: torch.ones(2, 3, dtype=torch.bfloat16, requires_grad=True).prod(1)]
for f in cases:
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)
torch.tensor([[1.5, 2.]], dtype=torch.bfloat16).prod(1)

# index_put records its node before the kernel runs, so a view that may not be used
# (an output of unbind whose base was modified in place) is refused before the kernel
# checks the values' dtype or the indices' range.
import torch
torch.manual_seed(0)

base = torch.rand(2, 3, dtype=torch.float64, requires_grad=True).clone()
rows = base.unbind(0)
base.mul_(2)
for idx, value in (([5, 1], torch.tensor(-2.0)), ([0], torch.tensor(1.0, dtype=torch.float64)),
                   ([7], torch.tensor(1.0, dtype=torch.float64))):
    try:
        rows[1].index_put((torch.tensor(idx),), value, accumulate=False)
    except Exception as e:
        print(type(e).__name__, e)
y = torch.rand(2, 3, dtype=torch.float64, requires_grad=True)
for idx, value in (([5, 1], torch.tensor(-2.0)), ([5], torch.tensor(1.0, dtype=torch.float64))):
    try:
        y.index_put((torch.tensor(idx),), value)
    except Exception as e:
        print(type(e).__name__, e)
r = y.index_put((torch.tensor([1, 0]),), torch.tensor(3.0, dtype=torch.float64), accumulate=True)
r.sum().backward()
print(r, y.grad)

# maximum, minimum and atan2 lay their result out as TensorIterator does for the operands as
# given (a permuted integer tensor promoted to float64 keeps its layout through the cast),
# so a view of the result can fail as in PyTorch.
import torch
a = torch.tensor([0.25], dtype=torch.float64)
t3 = torch.arange(24).view(2, 3, 4)
t5 = t3.permute(2, 1, 0)
for f in [torch.minimum, torch.maximum, torch.atan2, torch.add, torch.mul]:
    for x, y in [(a, t5), (t5, a), (t5.double(), t5)]:
        try:
            r = f(x, y)
            print(f.__name__, r.stride(), r.is_contiguous())
        except Exception as e:
            print(f.__name__, e)
print(torch.lerp(t5.double(), a, 0.5).stride(), torch.lerp(a.expand(4, 3, 2), t5.double(), 0.3).stride())
print(torch.where(t5 > 3, t5.double(), a).stride())
try:
    torch.minimum(torch.tensor([0.25], dtype=torch.float64), t5).view(2, -1)
except RuntimeError as e:
    print(e)

# Found by the differential fuzzer: prod's result is a fresh tensor, never a view (the
# engine reshaped its kept-dims result, which made it one).
import torch

x = torch.tensor([[-0.629, -0.399, 1.476, -1.771]], requires_grad=True)
for r in (x.prod(), x.prod(0), x.prod(1), x.prod(1, keepdim=True), torch.tensor([[2, 3]]).prod()):
    print(r, r._is_view(), r._base is None, r.shape)
y = x.prod()
y.backward()
print(x.grad)

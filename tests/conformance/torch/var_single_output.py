# var / std with dims that leave one output take PyTorch 1.13's two-pass path (found by the
# differential fuzzer: a float64 var(0) of a vector differed in the last bit).
import torch
t2 = torch.tensor([-0.702, -1.902, -1.053], dtype=torch.float64, requires_grad=True)
v = t2.var(0)
print(v.item().hex(), t2.var().item().hex(), t2.std(0).item().hex(), t2.var(0, unbiased=False).item().hex(), v.grad_fn.name())
v.backward()
print(t2.grad)
x = torch.tensor([[-0.702, -1.902, -1.053], [0.3, 0.1, 2.5]], dtype=torch.float64)
print([a.hex() for a in x.var(1).tolist()], [a.hex() for a in x.var(0).tolist()], x.var().item().hex())
print(x[:1].var(1).item().hex(), x[:1].var(1, keepdim=True).shape, x[:, :1].std(0, keepdim=True).item().hex())
print(x[:1].var((0, 1)).item().hex(), x.var((0, 1)).item().hex(), x.std(dim=[1, 0]).item().hex())
y = torch.linspace(-3, 7, 11).reshape(1, 11, 1)
print(y.var(1).flatten().tolist(), y.std(1, keepdim=True).shape, y.var(-2).item(), torch.var(y, 1, unbiased=False).item())
print(torch.tensor([5.0], dtype=torch.float64).var(0), torch.empty(0).var(0), torch.tensor(2.5).var(0))

# In-place arithmetic computes in the operands' common dtype and casts back (found by the
# differential fuzzer): float += double adds in double, half *= float multiplies in float.
import torch
a = torch.tensor([[0.10424619913101196, 8.109206199645996], [2.4229843616485596, 0.3454180061817169]])
b = torch.tensor([[-1.022], [-1.06]], dtype=torch.float64)
a += b
print(a.tolist())
c = torch.tensor([1.1, 2.2, 3.3], dtype=torch.float16)
c *= torch.tensor([1.7, 0.3, 2.9])
print(c.tolist())
d = torch.tensor([0.1, 0.7], dtype=torch.float32)
d /= torch.tensor(3.0, dtype=torch.float64)
e = torch.tensor([0.1, 0.7], dtype=torch.float32)
e.sub_(torch.tensor([0.3, 0.1], dtype=torch.float64), alpha=0.7)
f = torch.tensor([5, 7], dtype=torch.int32)
f *= torch.tensor([3, 1 << 40])
print(d.tolist(), e.tolist(), f.tolist())
w = torch.tensor([1.3, 2.6], requires_grad=True)
v = w * 1
v += torch.tensor([0.1, 0.2], dtype=torch.float64)
v.sum().backward()
print(v.tolist(), w.grad)

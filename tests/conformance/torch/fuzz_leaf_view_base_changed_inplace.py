# A leaf that requires grad and is a view of a tensor that does not: after the base is
# changed in place with the leaf as an operand, the leaf's grad_fn is regenerated from
# the base, so backward reaching its AccumulateGrad finds it moved into the graph
# interior (differential fuzzer seed 2602 index 763).
import torch

t1 = torch.rand(2, 3)
t4 = t1.reshape(-1, 3)
t4.requires_grad_(True)
print(t4.is_leaf, t4._is_view())
t1 *= t4
print(t1.grad_fn.name())
t11 = t1.softmax(-1)
try:
    t11.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(t4.grad_fn.name() if t4.grad_fn is not None else None, t4.is_leaf, t4.grad)

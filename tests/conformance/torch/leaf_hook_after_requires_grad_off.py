# A leaf's hooks are not called while the leaf does not require grad (requires_grad_(False)
# after the hook was registered), though the graph still reaches its AccumulateGrad; set
# back to True, they run again.
import torch

t2 = torch.tensor([[-1.25]], requires_grad=True)
t3 = 3.0 * t2
h = t2.register_hook(lambda g: print('hook', g) or g * 2)
t2.requires_grad_(False)
t3.sum().backward(retain_graph=True)
print(t2.grad)
t2.requires_grad_(True)
t3.sum().backward(retain_graph=True)
print(t2.grad)
h.remove()
t3.sum().backward()
print(t2.grad)

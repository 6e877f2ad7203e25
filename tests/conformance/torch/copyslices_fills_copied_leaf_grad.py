# 1.13's CopySlices marks the nodes of its inner op as needed in the running graph task (a
# workaround in its engine), so autograd.grad and backward(inputs=...) through an
# assignment into a view also fill the .grad of the leaf that was copied in.
import torch
t1 = torch.tensor([-1.265, -1.856, 0.654, 2.005]).requires_grad_()
with torch.no_grad():
    t4 = t1 * 2
t5 = torch.tensor(0.5).requires_grad_()
t4[1] = t5
g = torch.autograd.grad(t4.sum(), [t5, t1], retain_graph=True, allow_unused=True)
print(g, t5.grad, t1.grad)
a = torch.zeros(3, requires_grad=True)
b = a * 1
c = torch.tensor([2.0, 3.0], requires_grad=True)
b[:2] = c
print(torch.autograd.grad(b.sum(), [a], retain_graph=True), c.grad, a.grad)
d = torch.tensor([4.0], requires_grad=True)
b[2:] = d
b.sum().backward(inputs=[a])
print(a.grad, c.grad, d.grad)

# Found by the differential fuzzer: backward(inputs=...) runs the inputs' own nodes, so a hook
# on an input leaf fires and its result is what .grad accumulates (torch.autograd.grad, in
# contrast, returns the gradient before the input's hooks and runs none of them).
import torch

t2 = torch.tensor([[2.256, -1.099], [-2.079, 1.959]], dtype=torch.float64).requires_grad_()
t3 = torch.tensor([0.496, 0.891], dtype=torch.float64, requires_grad=True)
t2.register_hook(lambda g: print('hook t2', g.tolist()) or g * 2)
t3.register_hook(lambda g: print('hook t3', g.tolist()))
t2.backward(retain_graph=True, gradient=torch.ones_like(t2), inputs=[t2, t3])
print(t2.grad, t3.grad)
y = (t2 * t3).sum()
y.backward(inputs=[t3])
print(t2.grad, t3.grad)
print(torch.autograd.grad((t2 * t3).sum(), [t2, t3]))

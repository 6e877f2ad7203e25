# autograd.grad runs only the formulas toward the inputs it was asked for (1.13's
# task_should_compute_output): a gradient that is not implemented is never reached when
# nobody asks for it, and a node's other gradients are not computed.
import torch

x = torch.tensor([2.0, 3.0, 4.5], requires_grad=True)
q = torch.tensor([1.5, 2.5, 0.75], requires_grad=True)
y = torch.special.zeta(x, q)
print(torch.autograd.grad(y.sum(), q, retain_graph=True))
try:
    torch.autograd.grad(y.sum(), x)
except NotImplementedError as e:
    print("NotImplementedError:", e)

# The same through backward(inputs=...): q's gradient only.
y = torch.special.zeta(x, q)
y.sum().backward(inputs=[q])
print(q.grad, x.grad)

# create_graph: the gradient's graph has only what the asked-for gradient needs.
a = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], requires_grad=True)
w = torch.tensor([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]], requires_grad=True)
out = torch.tanh(a @ w).sum()
g, = torch.autograd.grad(out, a, create_graph=True)
print(g)
print(g.grad_fn, [f for f in g.grad_fn.next_functions])
g.sum().backward()
print(a.grad)
print(w.grad)

# A hook on the branch nobody asked for never fires.
b = torch.tensor([1.0, -2.0], requires_grad=True)
c = torch.tensor([3.0, 4.0], requires_grad=True)
m = b * c
c.register_hook(lambda grad: print("hook on c", grad))
print(torch.autograd.grad(m.sum(), b))

# Conv: only the input's gradient.
inp = torch.arange(16.0).reshape(1, 1, 4, 4).requires_grad_()
weight = torch.tensor([[[[1.0, -1.0], [0.5, 2.0]]]], requires_grad=True)
bias = torch.tensor([0.25], requires_grad=True)
o = torch.nn.functional.conv2d(inp, weight, bias)
gi, = torch.autograd.grad(o.pow(2).sum(), inp, create_graph=True)
print(gi)
print(gi.grad_fn)

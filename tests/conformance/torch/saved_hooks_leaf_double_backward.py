# A leaf saved through saved-tensor hooks comes back sharing the leaf's AccumulateGrad:
# a third-order gradient through nodes recorded under hooks reaches the leaf.
import torch

torch.manual_seed(0)
a = torch.randn(3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, dtype=torch.float64, requires_grad=True)


def hooks(on):
    if on:
        return torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t * 1)
    return torch.enable_grad()


for first in (False, True):
    for second in (False, True):
        with hooks(first):
            grads = torch.autograd.grad((a / b).sum(), [a, b], create_graph=True)
        with hooks(second):
            grads2 = torch.autograd.grad(sum(g.sin().sum() for g in grads), [a, b], create_graph=True)
        grads3 = torch.autograd.grad(sum(g.sum() for g in grads2), [a, b])
        print(first, second, [g.tolist() for g in grads3])

with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    y = a * b
g = torch.autograd.grad(y.sum(), [a], create_graph=True)[0]
print(type(g.grad_fn).__name__, torch.autograd.grad(g.sum(), [b]))

# max over the only dim of a 0-d tensor: the gradient is zeros().scatter_(...)
x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
values, indices = x.max(0)
grad, = torch.autograd.grad(values.pow(2.5), [x], create_graph=True)
print(grad, grad._version, indices)
print(torch.autograd.grad(grad, [x]))

# The classic worked example of autograd, step by step.
import torch

input = torch.ones(2, 2, requires_grad=True)
w1 = torch.tensor(2.0, requires_grad=True)
w2 = torch.tensor(3.0, requires_grad=True)
w3 = torch.tensor(4.0, requires_grad=True)
l1 = input * w1
l2 = l1 + w2
l3 = l1 * w3
l4 = l2 * l3
loss = l4.mean()
l1.retain_grad()
l4.retain_grad()
print(l1, l2, l3, l4, loss, sep="\n")
loss.backward()
print(w1.grad, w2.grad, w3.grad)
print(l1.grad)
print(l4.grad)
print(input.grad)
print(loss.grad_fn, loss.grad_fn.next_functions)

# backward(gradient=...) for non-scalar outputs: a vector-Jacobian product.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
y.backward(gradient=torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
x.grad = None
y = x * x
y.backward(torch.ones(3))
print(x.grad)
s = (x * 2).sum()
x.grad.zero_()
s.backward(torch.tensor(3.0))
print(x.grad)
x.grad = None
torch.autograd.backward([x * 1, x * 2], [torch.ones(3), torch.ones(3)])
print(x.grad)

# backward(inputs=...) checks the outputs before it tells the inputs to retain their
# gradients: an output that needs no grad is the error, even when an input needs none.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
y = (a * 2).sum()
y.backward(inputs=[a])
print(a.grad)
try:
    y2 = (a * 3).sum()
    y2.backward(inputs=[a, b])
except RuntimeError as e:
    print(e)
print(a.grad)
b.sum().backward(inputs=[a, b])

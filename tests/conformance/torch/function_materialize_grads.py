# set_materialize_grads(False): unused outputs give None in backward instead of zeros (default materializes zeros).
import torch


class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, materialize):
        ctx.set_materialize_grads(materialize)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("backward got", g1, g2)
        grad = torch.zeros(2)
        if g1 is not None:
            grad = grad + 2 * g1
        if g2 is not None:
            grad = grad + 3 * g2
        return grad, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
a, b = Split.apply(x, False)
a.sum().backward()
print(x.grad)
x.grad = None
a, b = Split.apply(x, False)
b.sum().backward()
print(x.grad)
x.grad = None
a, b = Split.apply(x, True)
a.sum().backward()
print(x.grad)

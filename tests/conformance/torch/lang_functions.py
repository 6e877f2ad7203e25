# Functions, default and keyword arguments, *args/**kwargs, lambdas and closures over tensors.
import torch


def affine(x, scale=2.0, shift=0.5):
    return x * scale + shift


def total(*tensors, **options):
    result = tensors[0]
    for t in tensors[1:]:
        result = result + t
    if options.get("negate", False):
        result = -result
    return result


def make_scaler(factor):
    def scale(t):
        return t * factor
    return scale


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(affine(x))
print(affine(x, 3))
print(affine(x, shift=-1.0))
print(total(x, x, x))
print(total(x, torch.ones(3), negate=True))
triple = make_scaler(3)
print(triple(x))
square = lambda t: t * t
y = square(x).sum()
y.backward()
print(y, x.grad)
print(list(map(lambda t: t.item(), [x[0], x[1]])))
print(sorted([torch.tensor(3.0), torch.tensor(1.0), torch.tensor(2.0)], key=lambda t: t.item()))

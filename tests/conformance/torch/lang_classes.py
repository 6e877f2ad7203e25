# A plain Python class holding tensors: a tiny hand-written neuron.
import torch


class Neuron:
    count = 0

    def __init__(self, weights, bias):
        self.w = torch.tensor(weights, requires_grad=True)
        self.b = torch.tensor(bias, requires_grad=True)
        Neuron.count += 1

    def __call__(self, x):
        return torch.tanh((self.w * x).sum() + self.b)

    def parameters(self):
        return [self.w, self.b]

    def __repr__(self):
        return f"Neuron(n={self.w.numel()})"


n = Neuron([0.5, -1.0], 0.25)
out = n(torch.tensor([1.0, 2.0]))
print(n, Neuron.count)
print(out)
out.backward()
for p in n.parameters():
    print(p.grad)
print(isinstance(out, torch.Tensor), type(out).__name__, type(n).__name__)

import torch

# Tensor.lerp_ with a number and with a tensor weight: values (both branches of 1.13's
# kernel: weight < 0.5 and >= 0.5), nodes, saved tensors, versions, gradients, errors.
torch.manual_seed(0)
start = torch.randn(4, 5, requires_grad=True)
end = torch.randn(4, 5, requires_grad=True)
weight = torch.rand(4, 5, requires_grad=True)

x = start * 1
v = x._version
x.lerp_(end, 0.3)
print(type(x.grad_fn).__name__, x.grad_fn._saved_weight, x._version - v, x.tolist())
x.lerp_(end, 0.8)
print(type(x.grad_fn).__name__, x.grad_fn._saved_weight, x.tolist())
x.sum().backward()
print(start.grad.tolist(), end.grad.tolist())

start.grad = end.grad = None
y = start * 2
y.lerp_(end, weight)
node = y.grad_fn
print(type(node).__name__, sorted(a for a in dir(node) if a.startswith("_saved")),
      node._saved_self.tolist() == (start * 2).tolist(), node._saved_end is end, node._saved_weight is weight)
print(y.tolist())
(y * torch.arange(20.0).view(4, 5)).sum().backward()
print(start.grad.tolist(), end.grad.tolist(), weight.grad.tolist())

# an exponential moving average of parameters, as training scripts keep one
torch.manual_seed(1)
net = torch.nn.Linear(3, 2)
ema = [p.detach().clone() for p in net.parameters()]
for step in range(3):
    with torch.no_grad():
        for p in net.parameters():
            p.add_(torch.randn_like(p) * 0.1)
        for average, p in zip(ema, net.parameters()):
            average.lerp_(p, 0.1)
print([average.tolist() for average in ema])

for make in (lambda: start.lerp_(end, 0.5), lambda: torch.zeros(3).lerp_(torch.ones(4, 3), 0.5),
             lambda: torch.zeros(3).lerp_(torch.ones(3, dtype=torch.float64), 0.5),
             lambda: torch.zeros(3).lerp_(torch.ones(3), torch.ones(3, dtype=torch.float64))):
    try:
        make()
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)

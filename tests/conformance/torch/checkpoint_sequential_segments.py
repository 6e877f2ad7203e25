# checkpoint_sequential with 1, 2 and 3 segments: same output and grads; per-layer forward counts show the recomputation.
import torch
from torch.utils.checkpoint import checkpoint_sequential

counts = {}


def count(module, inp, out):
    counts[module.tag] = counts.get(module.tag, 0) + 1


lin1, lin2 = torch.nn.Linear(2, 2), torch.nn.Linear(2, 1)
with torch.no_grad():
    lin1.weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
    lin1.bias.copy_(torch.tensor([0.1, -0.2]))
    lin2.weight.copy_(torch.tensor([[1.5, -0.5]]))
    lin2.bias.fill_(0.75)
model = torch.nn.Sequential(lin1, torch.nn.ReLU(), torch.nn.Tanh(), lin2, torch.nn.Tanh(), torch.nn.ReLU())
for i, m in enumerate(model):
    m.tag = "%d:%s" % (i, type(m).__name__)
    m.register_forward_hook(count)
x = torch.tensor([[0.5, 0.25], [-1.0, 0.5]], requires_grad=True)
ref = model(x)
print("plain", ref.detach().flatten(), ref.grad_fn.name(), counts)
for segments in [1, 2, 3]:
    counts.clear()
    x.grad = None
    model.zero_grad()
    out = checkpoint_sequential(model, segments, x)
    print(segments, out.detach().flatten(), out.grad_fn.name(), out.equal(ref))
    print(" forward", counts)
    out.sum().backward()
    print(" backward", counts)
    print(" grads", x.grad, lin1.weight.grad, lin2.bias.grad)

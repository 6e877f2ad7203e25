# F.embedding / nn.Embedding with max_norm (1.13's embedding_renorm_ under no_grad: rows renormed
# in place, one version bump per call) and torch.embedding_renorm_'s errors.
import torch
import torch.nn as nn
import torch.nn.functional as F
w = torch.tensor([[3., 4.], [0.3, 0.4], [1., 1.], [-6., 8.]], requires_grad=True)
idx = torch.tensor([[0, 3], [3, 1]])
out = F.embedding(idx, w, max_norm=2.0)
print(out, w, w._version)
out.sum().backward()
print(w.grad)
e = nn.Embedding(5, 3, max_norm=1.0, norm_type=1.0)
with torch.no_grad():
    e.weight.copy_(torch.arange(15.).reshape(5, 3) / 7)
print(e(torch.tensor([4, 0, 4])), e.weight, e.weight._version)
print(e)
w2 = torch.tensor([[3., 4.], [5., 12.]])
print(torch.embedding_renorm_(w2, torch.tensor([1, 1, 0]), 1.5, 2.), w2._version)
for f in [lambda: torch.embedding_renorm_(torch.ones(3), torch.tensor([0]), 1., 2.),
          lambda: torch.embedding_renorm_(torch.ones(3, 2), torch.tensor([0.]), 1., 2.),
          lambda: torch.embedding_renorm_(torch.ones(3, 2, requires_grad=True), torch.tensor([0]), 1., 2.),
          lambda: F.embedding(torch.tensor([0, 5]), torch.ones(3, 2), max_norm=1.)]:
    try:
        print(f())
    except Exception as ex:
        print(type(ex).__name__, ex)

# pin_memory on a machine without a GPU: CPU-only PyTorch refuses to pin, and says no
# tensor is pinned.
import torch

x = torch.ones(3)
print(x.is_pinned(), torch.zeros(2, pin_memory=False))
for name, make in [("empty", lambda: torch.empty(2, pin_memory=True)),
                   ("zeros", lambda: torch.zeros(2, 3, pin_memory=True)),
                   ("ones", lambda: torch.ones(2, pin_memory=True)),
                   ("randn", lambda: torch.randn(2, pin_memory=True))]:
    try:
        make()
    except RuntimeError as e:
        print(name, str(e))
# save_on_cpu(pin_memory=True) pins only where a GPU exists: here it works like False.
w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.save_on_cpu(pin_memory=True):
    y = (w * w).sum()
y.backward()
print(w.grad)

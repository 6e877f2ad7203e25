import torch

# torch.normal and torch.bernoulli draw as PyTorch's kernels draw; the graph stops at
# the sample (NormalBackward1/2/3 and BernoulliBackward0 pass zero gradients).
torch.manual_seed(0)
mean = torch.randn(3, requires_grad=True)
std = torch.rand(3, requires_grad=True)


def show(name, make, *inputs):
    try:
        y = make()
    except Exception as e:  # noqa: BLE001  the error text is part of the expected output
        print(name, "raises", type(e).__name__, e)
        return
    node = type(y.grad_fn).__name__ if y.grad_fn is not None else None
    print(name, node, y.dtype, tuple(y.shape), y.requires_grad, y.is_leaf, y.tolist())
    if y.grad_fn is not None:
        print("  saved", sorted(a for a in dir(y.grad_fn) if a.startswith("_saved")),
              [getattr(y.grad_fn, a) for a in sorted(dir(y.grad_fn)) if a.startswith("_saved")])
        grads = torch.autograd.grad((y * 3).sum(), inputs)
        print("  grads", [g.tolist() for g in grads])


show("normal(tensor, float)", lambda: torch.normal(mean, 0.5), mean)
show("normal(tensor)", lambda: torch.normal(mean), mean)
show("normal(float, tensor)", lambda: torch.normal(1.0, std), std)
show("normal(tensor, tensor)", lambda: torch.normal(mean, std), mean, std)
show("normal broadcast", lambda: torch.normal(torch.zeros(4, 1), torch.ones(1, 5)))
show("normal size", lambda: torch.normal(2.0, 3.0, size=(2, 3)))
show("normal 20", lambda: torch.normal(2.0, 3.0, (20,)))
big_mean = torch.zeros(20, 2).requires_grad_()
show("normal big mean", lambda: torch.normal(big_mean, 2.0), big_mean)
show("normal float64", lambda: torch.normal(0.0, 1.0, (3,), dtype=torch.float64))
show("normal requires_grad", lambda: torch.normal(0.0, 1.0, (3,), requires_grad=True))
show("normal generator", lambda: torch.normal(0.0, 1.0, (4,), generator=torch.Generator().manual_seed(7)))
show("normal negative std", lambda: torch.normal(mean, -1.0))
show("normal negative std tensor", lambda: torch.normal(mean, -std))
show("normal long mean", lambda: torch.normal(torch.tensor([1, 2]), 1.0))
with torch.no_grad():
    show("normal no_grad", lambda: torch.normal(mean, 1.0))

show("bernoulli", lambda: torch.bernoulli(std), std)
show("bernoulli method", lambda: std.bernoulli(), std)
show("bernoulli p", lambda: torch.bernoulli(std, 0.3))
show("bernoulli method p", lambda: std.bernoulli(0.7))
show("bernoulli double", lambda: torch.bernoulli(torch.rand(40, dtype=torch.float64)))
show("bernoulli float", lambda: torch.bernoulli(torch.rand(40)))
show("bernoulli transposed", lambda: torch.bernoulli(torch.rand(3, 4).t()))
show("bernoulli long", lambda: torch.bernoulli(torch.tensor([1, 0])))
show("bernoulli out of range", lambda: torch.bernoulli(std * 3))
show("bernoulli p out of range", lambda: torch.bernoulli(std, 2.0))

# d2l.ai's synthetic data: features and noise from torch.normal
torch.manual_seed(1)
w, b = torch.tensor([2, -3.4]), 4.2
X = torch.normal(0, 1, (1000, len(w)))
y = torch.matmul(X, w) + b
y += torch.normal(0, 0.01, y.shape)
print("synthetic", X[:2].tolist(), y[:3].tolist(), y.sum().item())

# *_like(memory_format=torch.contiguous_format): a row-major result whatever the input's strides
torch.manual_seed(2)
p = torch.rand(3, 4).t()
for like in (torch.empty_like, torch.zeros_like, torch.ones_like, torch.rand_like, torch.randn_like):
    y = like(p, memory_format=torch.contiguous_format)
    print(like.__name__, y.stride(), like(p).stride(), y.tolist() if like is not torch.empty_like else "")
torch.manual_seed(3)
for like in (torch.rand_like, torch.randn_like):
    for q in (torch.ones(3, 4).t(), torch.ones(2, 3, 4).permute(2, 0, 1), torch.ones(6, 5)[::2], torch.ones(20, 2).t()):
        y = like(q)
        print(like.__name__, y.stride(), y.tolist())

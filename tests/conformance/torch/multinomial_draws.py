# torch.multinomial draws PyTorch 1.13's numbers for a seed: with replacement, one uniform
# double per sample and a binary search of the normalised running sum; without
# replacement, one Exp(1) draw per element and the largest p / draw (argmax, or topk for
# several samples). What is drawn afterwards continues the same stream.
import torch

torch.manual_seed(0)
p = torch.tensor([0.1, 0.2, 0.3, 0.4])
print(torch.multinomial(p, 10, replacement=True))
print(torch.multinomial(p, 1))
print(torch.multinomial(p, 4))
print(p.multinomial(2), p.multinomial(3, True))
print(torch.rand(3))

torch.manual_seed(42)
weights = torch.tensor([[1., 2., 3., 4., 5.], [0., 0., 1., 0., 0.], [5., 1., 0., 0., 2.]])
print(torch.multinomial(weights, 1))
print(torch.multinomial(weights, 2))
print(torch.multinomial(weights, 6, replacement=True))
print(torch.multinomial(weights.double(), 3))
print(torch.multinomial(weights.double(), 8, True))
print(torch.multinomial(weights[:, ::2], 2, replacement=True), torch.multinomial(weights.t()[1:], 2))
print(torch.multinomial(weights.t(), 2), torch.multinomial(weights[0].expand(3, 5), 2))
print(torch.randn(2))

# big draws: counts of each category
torch.manual_seed(7)
probs = torch.softmax(torch.linspace(-2, 2, 10), 0)
draws = torch.multinomial(probs, 5000, replacement=True)
print([int((draws == i).sum()) for i in range(10)])
for dtype in (torch.float32, torch.float64):
    torch.manual_seed(3)
    logits = torch.randn(4, 50, dtype=dtype)
    print(torch.multinomial(logits.softmax(-1), 5))
    print(torch.multinomial(logits.softmax(-1), 1).flatten().tolist())
    print(torch.multinomial(logits.softmax(-1), 20, replacement=True)[:, :10].tolist())

# a sampling loop as in a language-model tutorial
torch.manual_seed(1234)
counts = torch.tensor([3., 1., 0., 6.])
idx = 0
out = []
for _ in range(12):
    idx = torch.multinomial(counts / counts.sum(), num_samples=1, replacement=True).item()
    out.append(idx)
print(out)

# input that requires grad: an int64 result without a grad_fn
w = torch.tensor([0.3, 0.7], requires_grad=True)
r = torch.multinomial(w, 1)
print(r.dtype, r.requires_grad, r.grad_fn)
print(torch.multinomial(torch.empty(0, 3), 2).shape)

def error(f):
    try:
        f()
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)

error(lambda: torch.multinomial(torch.tensor([1, 2]), 1))
error(lambda: torch.multinomial(torch.tensor(0.5), 1))
error(lambda: torch.multinomial(torch.ones(2, 2, 2), 1))
error(lambda: torch.multinomial(p, 0))
error(lambda: torch.multinomial(p, 5))
error(lambda: torch.multinomial(torch.tensor([0.5, -0.1]), 1))
error(lambda: torch.multinomial(torch.tensor([0.5, float('nan')]), 1))
error(lambda: torch.multinomial(torch.tensor([0.5, float('inf')]), 1))
error(lambda: torch.multinomial(torch.tensor([0., 0.]), 1))
error(lambda: torch.multinomial(torch.tensor([[1., 0.], [0., 0.]]), 1))
error(lambda: torch.multinomial(torch.tensor([0.5, -0.1]), 1, True))
error(lambda: torch.multinomial(torch.tensor([0.5, float('nan')]), 1, True))
error(lambda: torch.multinomial(torch.tensor([0.5, float('inf')]), 1, True))
error(lambda: torch.multinomial(torch.tensor([0., 0.]), 1, True))
error(lambda: torch.multinomial(torch.tensor([0.5], dtype=torch.float16), 1))
print(torch.multinomial(p, 2, generator=torch.default_generator).shape)

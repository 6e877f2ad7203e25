# Comprehensions, zip/enumerate, sum() and max() over tensors.
import torch

xs = [torch.tensor(float(i), requires_grad=True) for i in range(1, 5)]
squares = [x * x for x in xs]
print(squares)
total = sum(squares)
print(total)
total.backward()
print([x.grad for x in xs])
print({i: x.item() for i, x in enumerate(xs) if i % 2 == 0})
pairs = [(a.item(), b.item()) for a, b in zip(xs, squares)]
print(pairs)
print(max(s.item() for s in squares))
print(any(x.grad.item() > 5 for x in xs), all(x.requires_grad for x in xs))
t = torch.stack([x.detach() for x in xs])
print(t, [row.item() for row in t])

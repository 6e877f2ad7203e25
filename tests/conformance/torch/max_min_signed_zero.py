# max() and min() of tensors whose extreme is a zero: which zero (+0 or -0) 1.13 returns
# depends on its vectorised reduction (Note [The sign of a zero max]).
import torch
import random
random.seed(3)
for n in [1, 2, 3, 5, 6, 7, 8, 9, 12, 15, 16, 17, 23, 31, 40, 100]:
    for dt in [torch.float32, torch.float64]:
        for trial in range(4):
            vals = [random.choice([0.0, -0.0, -1.0]) for _ in range(n)]
            t = torch.tensor(vals, dtype=dt)
            print(n, dt, trial, t.max(), t.min(), (-t).min(), t.view(-1, 1).t().max() if n else 0, t.flip(0).max())

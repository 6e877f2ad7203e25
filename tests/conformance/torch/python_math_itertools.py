# Real Python: math and itertools around autograd (issue 7: `import math` used to fail).
import itertools
import math

import torch

x = torch.tensor([math.pi / 4, math.e], requires_grad=True)
y = (x * math.sqrt(2.0)).sum()
y.backward()
print(f"{math.pi:.6f}", math.floor(2.7), math.isclose(0.1 + 0.2, 0.3))
print(x.grad)
for a, b in itertools.product([1.0, 2.0], [3.0]):
    t = torch.tensor(a, requires_grad=True)
    (t * b).backward()
    print(a, b, t.grad)
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.chain([1], (2, 3))))

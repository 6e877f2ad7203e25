# Found by the differential fuzzer: relu is clamp_min(x, 0), which lets NaN and -0.0 through
# (and its gradient passes where the result is NaN); abs clears the sign bit, so abs(-0.0)
# is +0.0.
import math

import torch

x = torch.tensor([float('nan'), -1.0, 2.0, float('-inf'), -0.0, 0.0], requires_grad=True)
for name, f in [('relu', lambda t: t.relu()), ('F.relu', lambda t: torch.nn.functional.relu(t)),
                ('clamp', lambda t: t.clamp(min=0)), ('abs', lambda t: t.abs())]:
    y = f(x)
    g, = torch.autograd.grad(y.sum(), [x])
    print(name, y, [math.copysign(1.0, v) for v in y.tolist()], g)
z = torch.tensor([float('nan'), -1.0, -0.0, 2.0])
r = z.clone().relu_()
print(r, [math.copysign(1.0, v) for v in r.tolist()])
w = (torch.tensor([float('nan'), -3.0, 4.0], requires_grad=True) * 1)
w.relu_()
w.sum().backward()
print(w)

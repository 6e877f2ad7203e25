# NumPy's float64 sin/cos/exp/log on fresh arrays and on tensors, to the last bit: NumPy
# runs its SVML loops here as beside PyTorch (Note [NumPy's arrays never touch]).
import numpy as np
import torch

for n in [1, 3, 8, 16, 33]:
    x = np.linspace(-4.0, 4.0, n)
    for f in [np.sin, np.cos, np.exp, np.tanh, np.log1p]:
        print(n, f.__name__, [repr(v) for v in f(np.abs(x) if f is np.log1p else x)])
t = torch.linspace(-4.0, 4.0, 16, dtype=torch.float64)
print(np.sin(t).tolist())
print(torch.from_numpy(np.cos(t.numpy())).tolist())

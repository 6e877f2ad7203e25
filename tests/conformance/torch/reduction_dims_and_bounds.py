# Reduction dims given out of order or repeated (var/std/sum/norm), index bounds per dim, NaN in
# sort and max, kaiming init: the shared helpers keep PyTorch's results and errors.
import torch, torch.nn as nn
torch.manual_seed(0)
w = torch.empty(4, 3, 2); nn.init.kaiming_uniform_(w, a=0.5); print(w.sum().item())
w2 = torch.empty(5, 6); nn.init.kaiming_normal_(w2, mode='fan_out', nonlinearity='relu'); print(w2[0])
x = torch.arange(24.).reshape(2, 3, 4)
print(x.var((2, 0)), x.std((0, 2), keepdim=True).shape, x.sum((2, 0)), x.norm(dim=(2, 0)))
for f in [lambda: x.var((0, 0)), lambda: x.sum((1, -2)), lambda: x[torch.tensor([3])], lambda: x[[0, 1], [5, 0]], lambda: nn.init.kaiming_uniform_(torch.empty(3))]:
    try: f()
    except Exception as e: print(type(e).__name__, e)
print(torch.tensor([1., float('nan'), 0.]).sort(), torch.tensor([1., float('nan'), 0.]).max())

# F.fold with a block count that does not match output_size: col2im's RuntimeError.
import torch
import torch.nn.functional as F

x = torch.randn(1, 2, 5, 5, requires_grad=True)
cols = F.unfold(x, 3)
print(cols.shape, cols.grad_fn.name())
F.fold(cols, (6, 6), 3)

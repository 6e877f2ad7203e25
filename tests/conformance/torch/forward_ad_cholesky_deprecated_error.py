# The deprecated torch.cholesky has no forward formula in 1.13 (only linalg.cholesky does).
import warnings

import torch
import torch.autograd.forward_ad as fwAD

warnings.simplefilter("ignore")
A = torch.tensor([[4.0, 1.0], [1.0, 3.0]])
with fwAD.dual_level():
    x = fwAD.make_dual(A, torch.eye(2))
    print(torch.linalg.cholesky(x))
    torch.cholesky(x)

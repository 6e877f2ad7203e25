# multigammaln (torch.mvlgamma) needs p >= 1; 1.13 checks it before computing anything.
import torch

x = torch.tensor([2.0, 3.5, 10.0])
print(torch.special.multigammaln(x, 1), torch.mvlgamma(x, p=4))
torch.special.multigammaln(x, 0)

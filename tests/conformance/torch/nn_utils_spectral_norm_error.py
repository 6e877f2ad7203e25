# After remove_spectral_norm, 1.13 leaves the load_state_dict pre-hook behind (it is wrapped,
# so the removal does not recognise it): loading a plain Linear's state dict fails.
import torch
from torch import nn

torch.manual_seed(0)
m = nn.utils.remove_spectral_norm(nn.utils.spectral_norm(nn.Linear(3, 2)))
print(m, m.weight.tolist())
m.load_state_dict(nn.Linear(3, 2).state_dict())

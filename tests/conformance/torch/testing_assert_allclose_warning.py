# torch.testing.assert_allclose warns after each successful comparison; the default
# filter shows its FutureWarning once, since it comes from inside torch.testing.
import torch

for _ in range(3):
    torch.testing.assert_allclose(torch.tensor([1.0, 2.0]), [1.0, 2.0])
print('compared three times')

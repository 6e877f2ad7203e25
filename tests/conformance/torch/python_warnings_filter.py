# Real Python: the warnings module controls PyTorch's own warnings.
import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(y.grad)
print(len(caught), caught[0].category.__name__ if caught else None)
warnings.filterwarnings("ignore", message="The .grad attribute")
print(y.grad)
warnings.warn("a warning of the script's own")
print("done")

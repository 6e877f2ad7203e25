"""torch.utils."""

# `torch.utils.data` works after a plain `import torch`, as in PyTorch; its body runs on
# first use (see torch/_lazy_module.py).
from torch._lazy_module import imported_on_first_use as _imported_on_first_use

data = _imported_on_first_use("torch.utils.data")
checkpoint = _imported_on_first_use("torch.utils.checkpoint")
hooks = _imported_on_first_use("torch.utils.hooks")

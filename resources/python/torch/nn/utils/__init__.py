"""torch.nn.utils: skip_init."""

from torch.nn.utils.init import skip_init  # noqa: F401

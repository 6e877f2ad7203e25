"""torch.nn.utils: skip_init and the stateless functional call."""

from torch.nn.utils import stateless  # noqa: F401
from torch.nn.utils.init import skip_init  # noqa: F401

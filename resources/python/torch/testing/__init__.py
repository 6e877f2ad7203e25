"""torch.testing: comparing results the way PyTorch's own test suite does.

assert_close is the current API; assert_allclose is its deprecated 1.12 predecessor,
kept with the FutureWarning PyTorch 1.13 gives."""

from torch.testing._comparison import assert_close
from torch.testing._creation import make_tensor
from torch.testing._deprecated import assert_allclose

__all__ = ['assert_close', 'assert_allclose', 'make_tensor']

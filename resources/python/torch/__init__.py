"""autogradviz's torch: PyTorch's Python API over the embedded engine (_agv_torch)."""

import sys as _sys

import _agv_torch as _C

_sys.modules["torch._C"] = _C

from torch._size import Size

_C._set_size_class(Size)

from _agv_torch import *  # noqa: E402,F401,F403  Tensor, dtype, device, functions
from _agv_torch import Tensor, dtype, device  # noqa: E402,F401

__version__ = "1.13.1"

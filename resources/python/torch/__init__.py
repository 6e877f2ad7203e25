"""autogradviz's torch: PyTorch's Python API over the embedded engine (_agv_torch,
known to Python as torch._C too, as in PyTorch)."""

import sys as _sys

import _agv_torch as _C

_sys.modules["torch._C"] = _C

from torch._size import Size  # noqa: E402

_C._set_size_class(Size)

from torch._tensor import Tensor  # noqa: E402
from torch import return_types  # noqa: E402

_C._set_return_types(return_types)

from _agv_torch import *  # noqa: E402,F401,F403  functions, dtypes, device
from _agv_torch import device, dtype, Generator  # noqa: E402,F401
from _agv_torch import _trilinear  # noqa: E402,F401  bilinear's kernel, public in PyTorch too
from _agv_torch import _pack_padded_sequence, _pad_packed_sequence  # noqa: E402,F401  nn.utils.rnn's kernels
from _agv_torch import _ctc_loss  # noqa: E402,F401  ctc_loss's kernel
from _agv_torch import is_grad_enabled, is_inference_mode_enabled, is_anomaly_enabled, is_inference  # noqa: E402,F401
from torch._memory_format import (memory_format, contiguous_format, preserve_format,  # noqa: E402,F401
                                  channels_last, channels_last_3d, legacy_contiguous_format)
from torch._layout import (layout, strided, sparse_coo, sparse_csr, sparse_csc,  # noqa: E402,F401
                           sparse_bsr, sparse_bsc, _mkldnn)

from torch._ops import ops  # noqa: E402,F401
from torch.autograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: E402,F401
from torch import autograd, cuda, nn, optim, random, utils  # noqa: E402,F401
from torch import _utils  # noqa: E402,F401
from torch._finfo import finfo  # noqa: E402,F401
from torch._iinfo import iinfo  # noqa: E402,F401
from torch.storage import TypedStorage, FloatStorage, DoubleStorage, LongStorage, BoolStorage  # noqa: E402,F401
from torch.storage import HalfStorage, BFloat16Storage, IntStorage, ShortStorage, CharStorage, ByteStorage  # noqa: E402,F401,E501
from torch import linalg, special  # noqa: E402,F401
from torch.functional import einsum, norm, split, unflatten, unique, unique_consecutive  # noqa: E402,F401
from torch.functional import meshgrid, tensordot, cartesian_prod, chain_matmul, cdist  # noqa: E402,F401
from torch.functional import lu  # noqa: E402,F401
from _agv_torch import _lu_with_info  # noqa: E402,F401  torch.lu's kernel, public in PyTorch too
from torch._composites import *  # noqa: E402,F401,F403  true_divide, square, hstack, isnan, ...
from torch._composites_numeric import *  # noqa: E402,F401,F403  inner, kron, trapz, cov, ...
from torch import _composites, _composites_numeric  # noqa: E402

_composites.install_methods(Tensor)
_composites_numeric.install_methods(Tensor)

from torch._inplace_mirrors import *  # noqa: E402,F401,F403  relu_, fill_, square_, ...
from torch._complex_on_real import *  # noqa: E402,F401,F403  conj, real, isreal, ...
from torch._tensor_queries import *  # noqa: E402,F401,F403  is_nonzero, is_signed, can_cast, ...
from torch._powers import *  # noqa: E402,F401,F403  float_power, matrix_power
from torch._windows import *  # noqa: E402,F401,F403  hann_window, hamming_window, ...
from torch._loop_factories import *  # noqa: E402,F401,F403  logspace, tril_indices, triu_indices
from torch._isin import isin  # noqa: E402,F401
from torch._weight_norm_ops import _weight_norm, _weight_norm_interface, norm_except_dim  # noqa: E402,F401
from torch import _inplace_mirrors, _complex_on_real, _tensor_queries, _powers, _legacy_new  # noqa: E402

for _module in (_inplace_mirrors, _complex_on_real, _tensor_queries, _powers, _legacy_new):
    _module.install_methods(Tensor)
del _module
globals().update(_legacy_new.legacy_tensor_types())  # torch.FloatTensor, torch.LongTensor, ...
set_default_tensor_type = _legacy_new.set_default_tensor_type

from torch._sampling import normal, bernoulli  # noqa: E402
from torch import _sampling  # noqa: E402

_sampling.install_methods(Tensor)

def _sampling_16_bit(native, method):
    """torch.rand / torch.randn for float16 and bfloat16: PyTorch fills an empty tensor
    with uniform_ / normal_, whose 16-bit draws differ from those of float and double
    (see torch/_random_fill.py); the other dtypes go to the engine's function."""
    def sample(*size, **kwargs):
        if kwargs.get('dtype') not in (float16, bfloat16):
            return native(*size, **kwargs)
        generator = kwargs.pop('generator', None)
        requires_grad = kwargs.pop('requires_grad', False)
        t = empty(*size, **kwargs)
        getattr(t, method)(generator=generator)
        return t.requires_grad_() if requires_grad else t
    sample.__name__ = sample.__qualname__ = native.__name__
    return sample


rand = _sampling_16_bit(rand, 'uniform_')  # noqa: F405
randn = _sampling_16_bit(randn, 'normal_')  # noqa: F405



# Native in PyTorch, a composite of other ops in both (see torch/nn/functional.py).
from torch.nn.functional import cosine_similarity  # noqa: E402,F401
from torch.nn._composite_losses import (margin_ranking_loss, hinge_embedding_loss, cosine_embedding_loss,  # noqa: E402,F401,E501
                                        triplet_margin_loss, poisson_nll_loss)


# The engine computes on one thread; these keep what a script sets, with PyTorch's checks.
# (Debian's PyTorch 1.13 reports 1 thread here; where it runs several, sums of 32,768
# elements or more are split across them and round differently.)
_num_threads = 1
_num_interop_threads = None


def _positive_int(value, fn):
    import builtins  # `int` here is torch.int, the dtype
    if not isinstance(value, builtins.int) or isinstance(value, builtins.bool):
        raise RuntimeError("{} expects an int, but got {}".format(fn, type(value).__name__))
    if value <= 0:
        raise RuntimeError("{} expects a positive integer".format(fn))
    return value


def get_num_threads():
    return _num_threads


def set_num_threads(int):  # noqa: A002  PyTorch's parameter name
    global _num_threads
    _num_threads = _positive_int(int, "set_num_threads")


def get_num_interop_threads():
    return 1 if _num_interop_threads is None else _num_interop_threads


def set_num_interop_threads(int):  # noqa: A002
    global _num_interop_threads
    if _num_interop_threads is not None:
        # PyTorch 1.13 aborts the whole process here; a script gets its message as an error.
        raise RuntimeError("Error: cannot set number of interop threads after parallel work has started or "
                           "set_num_interop_threads called")
    _num_interop_threads = _positive_int(int, "set_num_interop_threads")


# The ATen ops behind torch.nn.functional (conv1d, max_pool2d, dropout, alpha_dropout, ...).
from torch._nn_functions import *  # noqa: E402,F401,F403


__version__ = "1.13.1"

del _sys



# 1.13's argument checks for what we write in Python and 1.13 in C++ (_signature_checks.py).
from torch._signature_checks import check_python_defs as _check_python_defs  # noqa: E402

_check_python_defs(globals(), Tensor)
del _check_python_defs

# torch.serialization (zipfile, pickle, pathlib, shutil: a fifth of `import torch`) runs
# on first use of torch.save / torch.load / torch.serialization.
from torch._lazy_module import imported_on_first_use as _imported_on_first_use  # noqa: E402

serialization = _imported_on_first_use('torch.serialization')


def save(*args, **kwargs):
    return serialization.save(*args, **kwargs)


def load(*args, **kwargs):
    return serialization.load(*args, **kwargs)

# torch.distributions (eleven modules) runs on first use, like torch.serialization.
distributions = _imported_on_first_use('torch.distributions')

# torch.testing (collections.abc, cmath and four modules of its own) likewise.
testing = _imported_on_first_use('torch.testing')

"""assert_allclose, deprecated in PyTorch 1.12 in favour of assert_close.

It differs from assert_close in its defaults: equal_nan=True, no dtype check, and its own
tolerance table, which is still what it uses."""

import warnings

import torch
from torch.testing._comparison import assert_close

# {dtype: (rtol, atol)}: assert_allclose's table, looser than assert_close's.
_ALLCLOSE_TOLERANCES = {
    'float16': (1e-3, 1e-3),
    'float32': (1e-4, 1e-5),
    'float64': (1e-5, 1e-8),
}
_PRECISIONS = {getattr(torch, name): tolerances for name, tolerances in _ALLCLOSE_TOLERANCES.items()
               if hasattr(torch, name)}


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=''):
    """Deprecated: use torch.testing.assert_close."""
    if not isinstance(actual, torch.Tensor):
        actual = torch.tensor(actual)
    if not isinstance(expected, torch.Tensor):
        expected = torch.tensor(expected, dtype=actual.dtype)
    if rtol is None and atol is None:
        rtol = max(_PRECISIONS.get(actual.dtype, (0.0, 0.0))[0], _PRECISIONS.get(expected.dtype, (0.0, 0.0))[0])
        atol = max(_PRECISIONS.get(actual.dtype, (0.0, 0.0))[1], _PRECISIONS.get(expected.dtype, (0.0, 0.0))[1])
    assert_close(actual, expected, rtol=rtol, atol=atol, equal_nan=equal_nan, check_device=True,
                 check_dtype=False, check_stride=False, msg=msg or None)
    # PyTorch warns only after a successful comparison, from inside torch.testing, so
    # the default filter shows it once per run rather than once per caller.
    warnings.warn('torch.testing.assert_allclose() is deprecated since 1.12 and will be removed in 1.14. '
                  'Use torch.testing.assert_close() instead. For detailed upgrade instructions see '
                  'https://github.com/pytorch/pytorch/issues/61844.', FutureWarning)

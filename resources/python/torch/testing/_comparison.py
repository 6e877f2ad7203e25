"""assert_close: pairs up the leaves of two (possibly nested) inputs and compares each pair.

As in PyTorch, a failure is first recorded as a _Failure (exception type, message, the
path to the failing leaf) and only turned into the user's exception at the top, where a
custom `msg` can replace or rewrite the generated text."""

import cmath
import collections.abc

import torch

# {dtype: (rtol, atol)} when the caller gives neither; other dtypes compare exactly.
_DEFAULT_TOLERANCES = {
    'float16': (0.001, 1e-5),
    'bfloat16': (0.016, 1e-5),
    'float32': (1.3e-6, 1e-5),
    'float64': (1e-7, 1e-7),
    'complex32': (0.001, 1e-5),
    'complex64': (1.3e-6, 1e-5),
    'complex128': (1e-7, 1e-7),
}
_PRECISIONS = {getattr(torch, name): tolerances for name, tolerances in _DEFAULT_TOLERANCES.items()
               if hasattr(torch, name)}

# The dtype a Python number stands for when choosing its default tolerances.
_NUMBER_DTYPE_NAMES = {int: 'int64', float: 'float64', complex: 'complex128'}


class _Failure(Exception):
    """A mismatch found while comparing; `id` is the path to the leaf in nested inputs."""

    def __init__(self, kind, msg, *, id=()):
        super().__init__(msg)
        self.kind = kind
        self.msg = msg
        self.id = id

    def to_error(self, msg=None):
        if isinstance(msg, str):
            return self.kind(msg)
        text = self.msg
        if self.id:
            text += '\n\nThe failure occurred for item ' + ''.join(str([item]) for item in self.id)
        return self.kind(msg(text) if callable(msg) else text)


class _Unsupported(Exception):
    """A pair type cannot handle these inputs; the next one is tried."""


def _tolerances_of(dtypes, rtol, atol, id):
    if (rtol is None) != (atol is None):
        missing = 'rtol' if rtol is None else 'atol'
        raise _Failure(ValueError,
                       f"Both 'rtol' and 'atol' must be either specified or omitted, but got no {missing}.",
                       id=id)
    if rtol is not None:
        return rtol, atol
    rtols, atols = zip(*[_PRECISIONS.get(dtype, (0.0, 0.0)) for dtype in dtypes])
    return max(rtols), max(atols)


def _mismatch_message(*, what, abs_diff, rel_diff, rtol, atol, extra=None, abs_idx=None, rel_idx=None):
    exact = rtol == 0 and atol == 0

    def line(kind, diff, idx, tol):
        if idx is None:
            text = f'{kind.title()} difference: {diff}'
        else:
            text = f'Greatest {kind} difference: {diff} at index {idx}'
        if not exact:
            text += f' (up to {tol} allowed)'
        return text + '\n'

    text = f"{what} are not {'equal' if exact else 'close'}!\n\n"
    if extra:
        text += extra.strip() + '\n'
    text += line('absolute', abs_diff, abs_idx, atol)
    text += line('relative', rel_diff, rel_idx, rtol)
    return text.strip()


def _scalar_mismatch(actual, expected, *, rtol, atol, what='Scalars'):
    abs_diff = abs(actual - expected)
    rel_diff = float('inf') if expected == 0 else abs_diff / abs(expected)
    return _mismatch_message(what=what, abs_diff=abs_diff, rel_diff=rel_diff, rtol=rtol, atol=atol)


def _unravel(flat_index, shape):
    index = []
    for size in reversed(shape):
        flat_index, position = divmod(flat_index, size)
        index.append(position)
    return tuple(reversed(index))


def _tensor_mismatch(actual, expected, mismatches, *, rtol, atol):
    total = mismatches.numel()
    count = torch.sum(mismatches).item()
    extra = f'Mismatched elements: {count} / {total} ({count / total:.1%})'

    matches_flat = ~mismatches.flatten()
    abs_diff = torch.abs(actual.flatten() - expected.flatten())
    # Only mismatching elements may be reported as the greatest difference.
    abs_diff[matches_flat] = 0
    max_abs, max_abs_at = torch.max(abs_diff, 0)
    rel_diff = abs_diff / torch.abs(expected.flatten())
    rel_diff[matches_flat] = 0
    max_rel, max_rel_at = torch.max(rel_diff, 0)
    return _mismatch_message(what='Tensor-likes', extra=extra,
                             abs_diff=max_abs.item(), abs_idx=_unravel(int(max_abs_at), mismatches.shape),
                             rel_diff=max_rel.item(), rel_idx=_unravel(int(max_rel_at), mismatches.shape),
                             rtol=rtol, atol=atol)


class _NonePair:
    def __init__(self, actual, expected, *, id, **options):
        if actual is not None and expected is not None:
            raise _Unsupported()
        self.actual, self.expected, self.id = actual, expected, id

    def compare(self):
        if not (self.actual is None and self.expected is None):
            raise _Failure(AssertionError, f'None mismatch: {self.actual} is not {self.expected}', id=self.id)


class _BooleanPair:
    def __init__(self, actual, expected, *, id, **options):
        if not (isinstance(actual, bool) and isinstance(expected, bool)):
            raise _Unsupported()
        self.actual, self.expected, self.id = actual, expected, id

    def compare(self):
        if self.actual is not self.expected:
            raise _Failure(AssertionError, f'Booleans mismatch: {self.actual} is not {self.expected}', id=self.id)


class _NumberPair:
    def __init__(self, actual, expected, *, id, rtol=None, atol=None, equal_nan=False, check_dtype=False,
                 **options):
        if not (isinstance(actual, (int, float, complex)) and isinstance(expected, (int, float, complex))):
            raise _Unsupported()
        self.actual, self.expected, self.id = actual, expected, id
        dtypes = [getattr(torch, _NUMBER_DTYPE_NAMES[type(value)], None) for value in (actual, expected)]
        self.rtol, self.atol = _tolerances_of(dtypes, rtol, atol, id)
        self.equal_nan = equal_nan
        self.check_dtype = check_dtype

    def compare(self):
        actual, expected = self.actual, self.expected
        if self.check_dtype and type(actual) is not type(expected):
            raise _Failure(AssertionError, f'The (d)types do not match: {type(actual)} != {type(expected)}.',
                           id=self.id)
        if actual == expected:
            return
        if self.equal_nan and cmath.isnan(actual) and cmath.isnan(expected):
            return
        abs_diff = abs(actual - expected)
        if cmath.isfinite(abs_diff) and abs_diff <= self.atol + self.rtol * abs(expected):
            return
        raise _Failure(AssertionError, _scalar_mismatch(actual, expected, rtol=self.rtol, atol=self.atol),
                       id=self.id)


class _TensorLikePair:
    def __init__(self, actual, expected, *, id, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, **options):
        # Inputs must be of directly related types (a Parameter and a Tensor, two lists, ...).
        if not (isinstance(actual, type(expected)) or isinstance(expected, type(actual))):
            raise _Unsupported()
        if not allow_subclasses and type(actual) is not type(expected):
            raise _Unsupported()
        self.actual, self.expected = [self._as_tensor(value) for value in (actual, expected)]
        self.id = id
        self.rtol, self.atol = _tolerances_of([self.actual.dtype, self.expected.dtype], rtol, atol, id)
        self.equal_nan = equal_nan
        self.check_device = check_device
        self.check_dtype = check_dtype
        self.check_layout = check_layout
        self.check_stride = check_stride

    @staticmethod
    def _as_tensor(value):
        if isinstance(value, torch.Tensor):
            return value
        try:
            return torch.as_tensor(value)
        except Exception:
            raise _Unsupported()

    def _mismatch(self, attribute, actual_value, expected_value):
        return _Failure(AssertionError,
                        f"The values for attribute '{attribute}' do not match: {actual_value} != {expected_value}.",
                        id=self.id)

    def compare(self):
        actual, expected = self.actual, self.expected
        if actual.shape != expected.shape:
            raise self._mismatch('shape', actual.shape, expected.shape)
        if actual.layout != expected.layout:
            if self.check_layout:
                raise self._mismatch('layout', actual.layout, expected.layout)
        elif self.check_stride and actual.stride() != expected.stride():
            raise self._mismatch('stride()', actual.stride(), expected.stride())
        if self.check_device and actual.device != expected.device:
            raise self._mismatch('device', actual.device, expected.device)
        if self.check_dtype and actual.dtype != expected.dtype:
            raise self._mismatch('dtype', actual.dtype, expected.dtype)
        if actual.device.type == 'meta' or expected.device.type == 'meta':
            return

        if actual.device != expected.device:
            actual, expected = actual.cpu(), expected.cpu()
        if actual.dtype != expected.dtype:
            common = torch.promote_types(actual.dtype, expected.dtype)
            actual, expected = actual.to(common), expected.to(common)
        self._compare_values(actual, expected)

    def _compare_values(self, actual, expected):
        # Compare at the widest dtype of the kind, so the reported differences are exact.
        if actual.dtype.is_complex:
            wide = torch.complex128
        elif actual.dtype.is_floating_point:
            wide = torch.float64
        else:
            wide = torch.int64
        actual, expected = actual.to(wide), expected.to(wide)
        matches = torch.isclose(actual, expected, rtol=self.rtol, atol=self.atol, equal_nan=self.equal_nan)
        if torch.all(matches):
            return
        if actual.shape == torch.Size([]):
            text = _scalar_mismatch(actual.item(), expected.item(), rtol=self.rtol, atol=self.atol)
        else:
            text = _tensor_mismatch(actual, expected, ~matches, rtol=self.rtol, atol=self.atol)
        raise _Failure(AssertionError, text, id=self.id)


_PAIR_TYPES = (_NonePair, _BooleanPair, _NumberPair, _TensorLikePair)


def _is_sequence(value):
    return isinstance(value, collections.abc.Sequence) and not isinstance(value, str)


def _pairs_of(actual, expected, options, id=()):
    """The comparable leaves of `actual` and `expected`, walked together."""
    if _is_sequence(actual) and _is_sequence(expected):
        if len(actual) != len(expected):
            raise _Failure(AssertionError,
                           f'The length of the sequences mismatch: {len(actual)} != {len(expected)}', id=id)
        pairs = []
        for index in range(len(actual)):
            pairs.extend(_pairs_of(actual[index], expected[index], options, (*id, index)))
        return pairs
    if isinstance(actual, collections.abc.Mapping) and isinstance(expected, collections.abc.Mapping):
        actual_keys, expected_keys = set(actual.keys()), set(expected.keys())
        if actual_keys != expected_keys:
            raise _Failure(AssertionError,
                           'The keys of the mappings do not match:\n'
                           f'Missing keys in the actual mapping: {sorted(expected_keys - actual_keys)}\n'
                           f'Additional keys in the actual mapping: {sorted(actual_keys - expected_keys)}',
                           id=id)
        keys = actual_keys
        try:
            keys = sorted(keys)
        except Exception:
            pass
        pairs = []
        for key in keys:
            pairs.extend(_pairs_of(actual[key], expected[key], options, (*id, key)))
        return pairs
    for pair_type in _PAIR_TYPES:
        try:
            return [pair_type(actual, expected, id=id, **options)]
        except _Unsupported:
            continue
    raise _Failure(TypeError,
                   f'No comparison pair was able to handle inputs of type {type(actual)} and {type(expected)}.',
                   id=id)


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    """Raises AssertionError unless `actual` and `expected` are close:
    |actual - expected| <= atol + rtol * |expected| elementwise, with the same shape (and,
    unless switched off, device, dtype and layout). Default tolerances depend on the dtype."""
    __tracebackhide__ = True
    options = dict(allow_subclasses=allow_subclasses, rtol=rtol, atol=atol, equal_nan=equal_nan,
                   check_device=check_device, check_dtype=check_dtype, check_layout=check_layout,
                   check_stride=check_stride)
    try:
        pairs = _pairs_of(actual, expected, options)
    except _Failure as failure:
        # Structural failures ignore `msg`, as in PyTorch.
        raise failure.to_error() from None
    for pair in pairs:
        try:
            pair.compare()
        except _Failure as failure:
            raise failure.to_error(msg) from None

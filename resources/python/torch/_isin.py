"""torch.isin: whether each element is among the test elements (a bool tensor, no graph).

ATen (TensorCompare.cpp, 1.13) compares in the two sides' common dtype, element by element
when there are few test elements (fewer than 10 * numel ** 0.145), else by a stable sort of
both sides joined, marking equal neighbours. Both give "is in the set" (NaN is never in it)
when the sides are unique or assume_unique is False; with assume_unique=True and repeated
values the sort gives other answers, so that path is followed literally here."""

import math

import _agv_torch as _C

__all__ = ["isin"]

_UNSUPPORTED = {_C.bool: "Bool", _C.bfloat16: "BFloat16"}


def _as_tensor(value, device):
    if isinstance(value, _C._TensorBase):
        return value
    # A Python number is a wrapped scalar: it takes part in the dtype as a number would.
    return _C.tensor(value, device=device)


def _dtype_of(value):
    if isinstance(value, _C._TensorBase):
        return value.dtype
    if isinstance(value, bool):
        return _C.bool
    return _C.int64 if isinstance(value, int) else _C.float64


def isin(elements, test_elements, *, assume_unique=False, invert=False, out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.isin() does not support out= yet")
    for side in (elements, test_elements):
        if _dtype_of(side) in _UNSUPPORTED:
            raise RuntimeError(f"Unsupported input type encountered for isin(): {_UNSUPPORTED[_dtype_of(side)]}")
    device = (elements if isinstance(elements, _C._TensorBase) else test_elements).device
    common = _C.result_type(elements, test_elements)
    shape = elements.shape if isinstance(elements, _C._TensorBase) else ()
    values = _as_tensor(elements, device).to(common).reshape(-1).tolist()
    tests = _as_tensor(test_elements, device).to(common).reshape(-1).tolist()
    if not values:
        return _C.empty(shape, dtype=_C.bool, device=device)
    few_tests = len(tests) < int(10.0 * math.pow(len(values), 0.145))
    if few_tests or not assume_unique:
        present = set(t for t in tests if t == t)
        found = [(v in present) != invert for v in values]
    else:
        found = _sorted_neighbours(values, tests, invert)
    return _C.tensor(found, dtype=_C.bool, device=device).reshape(shape)


def _sorted_neighbours(values, tests, invert):
    """isin_sorting with assume_unique: a stable ascending sort of values + tests (NaN last),
    each position marked by whether the next sorted value equals it (differs, for invert),
    the last one by invert; the marks of the first len(values) positions, in their order."""
    joined = values + tests
    order = sorted(range(len(joined)), key=lambda i: (joined[i] != joined[i], joined[i] if joined[i] == joined[i] else 0))
    marks = [invert] * len(joined)
    for position in range(len(order) - 1):
        equal = joined[order[position + 1]] == joined[order[position]]
        marks[order[position]] = (not equal) if invert else equal
    marks[order[-1]] = invert
    return marks[:len(values)]

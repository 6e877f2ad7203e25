"""1.13's argument checks for the functions and Tensor methods this package writes in Python
where 1.13's are C++ (Note [PyTorch's signatures for every call]): each is wrapped so that a
call 1.13's parser would reject gets its TypeError, word for word, before the Python def runs.
Calls between our own modules go through the names they imported, unwrapped."""

import functools
import types

import _agv_torch as _C


def _checked(f, name, method):
    @functools.wraps(f)
    def checked(*args, **kwargs):
        _C._check_call(name, method, args, kwargs)
        if not method and "out" in kwargs:  # 1.13's parser took out=
            return _C._call_with_out(name, f, *args, **kwargs)
        return f(*args, **kwargs)
    return checked


def check_python_defs(namespace, tensor_class):
    """Wraps the Python defs among the table's names: torch.<name> in `namespace` (the torch
    module's globals) and Tensor.<name> in `tensor_class`."""
    for name in _C._signature_names(False):
        f = namespace.get(name)
        if isinstance(f, types.FunctionType):
            namespace[name] = _checked(f, name, False)
    for name in _C._signature_names(True):
        f = tensor_class.__dict__.get(name)
        if isinstance(f, types.FunctionType):
            setattr(tensor_class, name, _checked(f, name, True))

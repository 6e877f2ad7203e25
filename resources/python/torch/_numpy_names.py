"""numpy's names for four parameters, which 1.13's argument parser accepts in every
torch.* function and Tensor method it binds (python_arg_parser.cpp): axis for dim,
keepdims for keepdim, x / a / x1 for input, x2 for other. The C++ bindings take them in
CallArgs::keyword; this decorator gives them to the functions written here in Python
that are C++ in PyTorch."""

import functools

_NUMPY_NAMES = {"axis": "dim", "keepdims": "keepdim", "x": "input", "a": "input", "x1": "input", "x2": "other"}


def accepts_numpy_names(function):
    # The names of its parameters, read from its code: importing inspect would cost every run.
    code = function.__code__
    parameters = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])

    @functools.wraps(function)
    def with_numpy_names(*args, **kwargs):
        for alias, name in _NUMPY_NAMES.items():
            # A parameter already given (by position or by its own name) leaves the numpy
            # name unconsumed: Python then calls it unexpected, as 1.13 does.
            if alias in kwargs and name in parameters and name not in kwargs and alias not in parameters \
                    and parameters.index(name) >= len(args):
                kwargs[name] = kwargs.pop(alias)
        return function(*args, **kwargs)
    return with_numpy_names

"""torch.nn.utils.stateless.functional_call: call a module with other tensors in place of
its parameters and buffers, leaving the module itself untouched.

As PyTorch 1.13's stateless.py: for the duration of the call, every module that owns a
replaced name gets a subclass ("StatelessReplacer<Class>") whose attribute lookup answers
the replaced names from the given dict; the original class comes back afterwards.
"""

import contextlib
import warnings

__all__ = ["functional_call"]


def _change_class(module, params_and_buffers):
    cls = module.__class__
    attr_to_path = module._attr_to_path

    def _getattribute(self, name):
        if name in attr_to_path:
            return params_and_buffers[attr_to_path[name]]
        return cls.__getattribute__(self, name)

    def _setattr(self, name, value):
        # A module that assigns to a replaced name writes into the dict, not into itself.
        if name in attr_to_path:
            params_and_buffers[attr_to_path[name]] = value
        else:
            return cls.__setattr__(self, name, value)

    replacer = type(f"StatelessReplacer{cls.__name__}", (cls,),
                    {"__getattribute__": _getattribute, "__setattr__": _setattr})
    module.__class__ = replacer
    module._orig_class = cls


def _check_tied_val_already_replaced(old_val, new_val, replaced_tensors_map):
    if old_val not in replaced_tensors_map:
        replaced_tensors_map[old_val] = new_val
    elif replaced_tensors_map[old_val] is not new_val:
        warnings.warn("functional_call was passed multiple values for tied weights. "
                      "This behavior is deprecated and will be an error in future versions")


def _create_swap_params(params_and_buffers, replaced_tensors_map):
    def _swap_parameters(module, tensor_name, full_path, tensor):
        if hasattr(module, tensor_name):
            _check_tied_val_already_replaced(getattr(module, tensor_name), tensor, replaced_tensors_map)
        if hasattr(module, "_attr_to_path"):
            module._attr_to_path[tensor_name] = full_path
        else:
            module._attr_to_path = {tensor_name: full_path}
            _change_class(module, params_and_buffers)
    return _swap_parameters


def _remove_swap(module, name, full_path):
    if hasattr(module, "_orig_class"):
        module.__class__ = module._orig_class
        delattr(module, "_orig_class")
        delattr(module, "_attr_to_path")


def _apply_func_submodules(func, module, path, full_path, args):
    """Walks "a.b.c" down to the module that owns "c" and calls func there."""
    if len(path) == 1:
        func(module, path[0], full_path, *args)
    else:
        _apply_func_submodules(func, getattr(module, path[0]), path[1:], full_path, args)


@contextlib.contextmanager
def _reparametrize_module(module, parameters_and_buffers):
    orig_tensors_to_replacements = {}
    for name, tensor in parameters_and_buffers.items():
        _apply_func_submodules(_create_swap_params(parameters_and_buffers, orig_tensors_to_replacements),
                               module, name.split("."), name, (tensor,))
    try:
        yield
    finally:
        for name in parameters_and_buffers:
            _apply_func_submodules(_remove_swap, module, name.split("."), name, ())


def functional_call(module, parameters_and_buffers, args, kwargs=None):
    """Calls ``module(*args, **kwargs)`` with its parameters and buffers replaced by the
    tensors of ``parameters_and_buffers`` (names as in ``named_parameters()``)."""
    if kwargs is None:
        kwargs = {}
    with _reparametrize_module(module, parameters_and_buffers):
        if isinstance(args, tuple):
            out = module(*args, **kwargs)
        else:
            out = module(args, **kwargs)
    return out

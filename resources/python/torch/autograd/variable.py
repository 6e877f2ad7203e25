"""torch.autograd.Variable: the pre-0.4 wrapper, kept as PyTorch 1.13 keeps it.

Calling it makes no Variable: it returns a new torch.Tensor that shares data and
version counter with the given one, detached from its graph, with the requested
requires_grad. Every tensor counts as an instance of it."""

import warnings

import torch


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor)


class Variable(metaclass=VariableMeta):
    def __new__(cls, data=None, requires_grad=False, volatile=False, _grad_fn=None, name=None):
        if volatile:
            # PyTorch warns from C++ with the caller's line: stacklevel 2 names the script.
            warnings.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                          stacklevel=2)
        if data is None:
            data = torch.empty(0)
        elif not isinstance(data, torch.Tensor):
            raise TypeError("Variable data has to be a tensor, but got " + type(data).__name__)
        if requires_grad and not data.is_floating_point():
            # Tensor.requires_grad_ words this differently; Variable uses make_variable's text.
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        var = data.detach()
        if requires_grad:
            var.requires_grad_(True)
        return var


Variable.__module__ = "torch.autograd.variable"

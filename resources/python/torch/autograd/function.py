"""torch.autograd.Function: write an op's forward and backward yourself.

Laid out as PyTorch's torch/autograd/function.py. ``MyFn.apply(*args)`` is carried out by
the engine (core/python/function_binding.cpp): it makes a ctx, an instance of
``MyFn._backward_cls`` (named ``MyFnBackward``), runs ``MyFn.forward(ctx, *args)`` with
grad mode off and wires one node whose backward calls ``MyFn.backward(ctx, *grads)``.
The ctx is also the grad_fn of the outputs.
"""

import collections
import functools
import warnings

import torch

_C = torch._C


class FunctionCtx:
    """What forward can tell the graph through ``ctx``."""

    def save_for_backward(self, *tensors):
        self.to_save = tensors

    def save_for_forward(self, *tensors):
        self.saved_for_forward = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_shared_storage(self, *pairs):
        warnings.warn(
            'mark_shared_storage is deprecated. '
            'Tensors with shared storages are automatically tracked. Note '
            'that calls to `set_()` are not tracked')

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


# PyTorch's older name for the same class.
_ContextMethodMixin = FunctionCtx


class BackwardCFunction(FunctionCtx):
    """The ctx of one Function call, and the grad_fn of its outputs."""

    def __init__(self):
        self.to_save = None
        self.dirty_tensors = None
        self.non_differentiable = None
        self.materialize_grads = True
        self.needs_input_grad = None
        self._cdata = None

    def apply(self, *args):
        return self._forward_cls.backward(self, *args)

    def apply_jvp(self, *args):
        return self._forward_cls.jvp(self, *args)

    def _node(self):
        if self._cdata is None:
            raise RuntimeError("this Function call recorded no graph: none of its inputs required grad")
        return self._cdata

    # --- the grad_fn side of the ctx
    def name(self):
        return type(self).__name__

    @property
    def next_functions(self):
        return self._node().next_functions if self._cdata is not None else ()

    @property
    def metadata(self):
        if "_metadata" not in self.__dict__:
            self._metadata = {}
        return self._metadata

    def register_hook(self, hook):
        return self._node().register_hook(hook)

    def register_prehook(self, hook):
        return self._node().register_prehook(hook)

    @property
    def requires_grad(self):
        # 1.13's _FunctionBase answers True whatever the inputs.
        return True

    @staticmethod
    def _register_hook(backward_hooks, hook):
        # 1.13's _HookMixin: keeps `hook` in an ordered dict, made on first use.
        if backward_hooks is None:
            backward_hooks = collections.OrderedDict()
        from torch.utils.hooks import RemovableHandle
        handle = RemovableHandle(backward_hooks)
        backward_hooks[handle.id] = hook
        return backward_hooks, handle

    def _register_hook_dict(self, tensor):
        self._node()._register_hook_dict(tensor)

    def maybe_clear_saved_tensors(self):
        if self._cdata is not None:
            self._cdata.maybe_clear_saved_tensors()

    def __dir__(self):
        # _cdata (the weak link to the engine's node), _node and the metadata dict are our
        # plumbing; 1.13's ctx keeps them in C++, so dir() does not show them.
        return [name for name in super().__dir__() if name not in ('_cdata', '_node', '_metadata')]

    @property
    def saved_tensors(self):
        # Inside jvp, what save_for_forward kept (PyTorch's saved_for_forward).
        saved_for_forward = self.__dict__.get("saved_for_forward")
        if saved_for_forward is not None:
            return tuple(saved_for_forward)
        if self._cdata is None:
            return ()
        return self._cdata.saved_tensors

    @property
    def saved_variables(self):
        warnings.warn("'saved_variables' is deprecated; use 'saved_tensors'", DeprecationWarning)
        return self.saved_tensors

    @property
    def _raw_saved_tensors(self):
        if self._cdata is None:
            return ()
        return tuple(self._cdata.raw_saved(i) for i in range(self._cdata.num_saved))


class FunctionMeta(type):
    """Gives every Function subclass its backward class, ``<Name>Backward``."""

    def __init__(cls, name, bases, attrs):
        backward_fn = type(name + 'Backward', (BackwardCFunction,), {'_forward_cls': cls})
        cls._backward_cls = backward_fn
        super().__init__(name, bases, attrs)


class Function(FunctionCtx, metaclass=FunctionMeta):
    """Base class of custom autograd functions: define ``forward(ctx, ...)`` and
    ``backward(ctx, *grad_outputs)`` as staticmethods and call ``apply``."""

    def __init__(self, *args, **kwargs):
        cls = self.__class__
        warnings.warn(f"{cls} should not be instantiated. Methods on autograd functions"
                      "are all static, so you should invoke them on the class itself. "
                      "Instantiating an autograd function will raise an "
                      "error in a future version of PyTorch.", DeprecationWarning)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. "
            "Please use new-style autograd function with static forward method. "
            "(Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    is_traceable = False

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom"
                                  " autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for "
                                  "your custom autograd.Function to use it with backward "
                                  "mode AD.")

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom "
                                  "autograd.Function to use it with forward mode AD.")

    @classmethod
    def apply(cls, *args):
        return _C._function_apply(cls, *args)


def once_differentiable(fn):
    """Runs a backward with grad mode off: its results cannot be differentiated again."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with torch.no_grad():
            outputs = fn(ctx, *args)
        if not torch.is_grad_enabled():
            return outputs
        # Under create_graph the gradients must not look differentiable: they become
        # aliases whose grad_fn ("Error") raises if a second backward reaches it.
        if not any(isinstance(arg, torch.Tensor) and arg.requires_grad for arg in args):
            return outputs
        if not isinstance(outputs, tuple):
            outputs = (outputs,)

        def fake_requires_grad(var):
            if var is not None:
                var = var.detach()
                var.requires_grad = True
            return var

        return _C._delayed_error(
            "trying to differentiate twice a function that was marked with @once_differentiable",
            *[fake_requires_grad(v) for v in outputs])

    return wrapper

"""no_grad, enable_grad, set_grad_enabled and inference_mode: context managers and
decorators over the engine's grad mode (PyTorch's torch/autograd/grad_mode.py)."""

import functools

import _agv_torch as _C


class _DecoratorContextManager:
    """Usable as `with no_grad():` and as `@no_grad()` (or `@no_grad`)."""

    def __call__(self, func):
        @functools.wraps(func)
        def decorate_context(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)

        return decorate_context

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    def __init__(self):
        self.prev = False

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(False)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)


class enable_grad(_DecoratorContextManager):
    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(True)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)


class set_grad_enabled(_DecoratorContextManager):
    """Takes effect when called, like PyTorch's; as a context manager, exiting restores."""

    def __init__(self, mode):
        self.prev = _C.is_grad_enabled()
        self.mode = mode
        _C._set_grad_enabled(mode)

    def __call__(self, func):
        _C._set_grad_enabled(self.prev)
        return super().__call__(func)

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)

    def clone(self):
        return self.__class__(self.mode)


class inference_mode(_DecoratorContextManager):
    def __init__(self, mode=True):
        self.mode = mode

    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)

    def __enter__(self):
        self.prev_inference = _C.is_inference_mode_enabled()
        self.prev_grad = _C.is_grad_enabled()
        _C._set_inference_mode(self.mode)
        if self.mode:
            _C._set_grad_enabled(False)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_inference_mode(self.prev_inference)
        _C._set_grad_enabled(self.prev_grad)

    def clone(self):
        return self.__class__(self.mode)

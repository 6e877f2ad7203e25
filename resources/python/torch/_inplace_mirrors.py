"""torch.relu_(t), torch.fill_(t, v), torch.square_(t), ...: the in-place functions of the
torch namespace, each the Tensor method of the same name (PyTorch binds both to one ATen
op, so they record the same node: ReluBackward0, FillBackward2, ...).

Three in-place ops are composites in ATen over another in-place op, and become Tensor
methods here too: square_ is pow_(2) (PowBackward0), fix_ is trunc_ (TruncBackward0) and
negative_ is neg_ (NegBackward0)."""

import _agv_torch as _C

__all__ = ["relu_", "sigmoid_", "tanh_", "exp_", "round_", "zero_", "fill_", "clamp_", "clip_", "detach_",
           "square_", "fix_", "negative_"]


def _check_tensor(function, argument, position, value):
    """PyTorch's argument parser's text for a non-tensor where its one signature takes a Tensor."""
    if not isinstance(value, _C._TensorBase):
        raise TypeError(f"{function}(): argument '{argument}' (position {position}) must be Tensor, not "
                        f"{_C._type_name(value)}")


def _unary_mirror(name):
    method = getattr(_C._TensorBase, name)

    def function(input):
        _check_tensor(name, "input", 1, input)
        return method(input)
    function.__name__ = function.__qualname__ = name
    return function


relu_ = _unary_mirror("relu_")
sigmoid_ = _unary_mirror("sigmoid_")
tanh_ = _unary_mirror("tanh_")
exp_ = _unary_mirror("exp_")
zero_ = _unary_mirror("zero_")
detach_ = _unary_mirror("detach_")


def round_(input, *, decimals=0):
    _check_tensor("round_", "input", 1, input)
    return input.round_(decimals=decimals) if decimals else input.round_()


def fill_(input, value):
    return input.fill_(value)


def clamp_(input, min=None, max=None):
    return input.clamp_(min, max)


def clip_(input, min=None, max=None):
    return input.clamp_(min, max)


# ---------------------------------------------------------------- in-place composites

def square_(input):
    _check_tensor("square_", "input", 1, input)
    return input.pow_(2)


def fix_(input):
    _check_tensor("fix_", "input", 1, input)
    return input.trunc_()


def negative_(input):
    _check_tensor("negative_", "input", 1, input)
    return input.neg_()


def _square_(self):
    return self.pow_(2)


def _fix_(self):
    return self.trunc_()


def _negative_(self):
    return self.neg_()


def install_methods(tensor_class):
    """Tensor.square_, Tensor.fix_, Tensor.negative_."""
    for name, method in (("square_", _square_), ("fix_", _fix_), ("negative_", _negative_)):
        method.__name__ = method.__qualname__ = name
        setattr(tensor_class, name, method)

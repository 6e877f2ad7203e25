"""torch.normal and torch.bernoulli (and Tensor.bernoulli): samples drawn as PyTorch
1.13's kernels draw them (Tensor.normal_ / bernoulli_ of torch/_random_fill.py on an
empty result, then the same in-place arithmetic), recorded as one op whose gradient is
zero (NormalBackward1/2/3, BernoulliBackward0): the draw is not reparameterised."""

import torch
import _agv_torch as _C
from torch._untraced import untraced


def _check_std_tensor(std):
    if std.numel() and not bool((std.min() >= 0).item()):
        raise RuntimeError("normal expects all elements of std >= 0.0")


def _check_std_number(std):
    if not std >= 0.0:
        from torch._random_fill import _num
        raise RuntimeError("normal expects std >= 0.0, but found std " + _num(std))


def normal(mean, std=1.0, size=None, *, generator=None, out=None, dtype=None, layout=None, device=None,
           pin_memory=False, requires_grad=False):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.normal() does not support out= yet")
    Tensor = torch.Tensor
    mean_is_tensor, std_is_tensor = isinstance(mean, Tensor), isinstance(std, Tensor)
    if not mean_is_tensor and not std_is_tensor:
        if size is None:
            raise TypeError("normal() received an invalid combination of arguments - got (float, float), but "
                            "expected one of:\n * (Tensor mean, Tensor std, *, torch.Generator generator, Tensor "
                            "out)\n * (Tensor mean, float std, *, torch.Generator generator, Tensor out)\n * (float "
                            "mean, Tensor std, *, torch.Generator generator, Tensor out)\n * (float mean, float std,"
                            " tuple of SymInts size, *, torch.Generator generator, Tensor out, torch.dtype dtype, "
                            "torch.layout layout, torch.device device, bool pin_memory, bool requires_grad)\n")
        result = _C.empty(size, dtype=dtype, device=device)
        result.normal_(mean, std, generator=generator)
        return result.requires_grad_() if requires_grad else result
    with torch.no_grad(), untraced():
        if mean_is_tensor and not std_is_tensor:
            _check_std_number(std)
            result = _C.empty_like(mean, memory_format=torch.contiguous_format)
            result.normal_(0, std, generator=generator)
            result.add_(mean)
            op, inputs = "normal_tensor_float", [mean]
        elif std_is_tensor and not mean_is_tensor:
            _check_std_tensor(std)
            result = _C.empty_like(std, memory_format=torch.contiguous_format)
            result.normal_(0, 1, generator=generator)
            result.mul_(std).add_(_C.full((), mean, dtype=result.dtype, device=result.device))
            op, inputs = "normal_float_tensor", [std]
        else:
            _check_std_tensor(std)
            from torch._composites import _infer_size
            result = _C.empty(_infer_size(list(mean.shape), list(std.shape)), dtype=mean.dtype, device=mean.device)
            result.normal_(0, 1, generator=generator)
            result.mul_(std).add_(mean)
            op, inputs = "normal_tensor_tensor", [mean, std]
    return _C._record_sample(op, result, inputs)


def bernoulli(input, p=None, *, generator=None, out=None):
    """bernoulli(input): each element 1 with the probability input holds (BernoulliBackward0);
    bernoulli(input, p): every element with probability p, a sample with no graph."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.bernoulli() does not support out= yet")
    if p is not None:
        with torch.no_grad():
            return _C.empty_like(input, memory_format=torch.contiguous_format).bernoulli_(p, generator=generator)
    with torch.no_grad(), untraced():
        result = _C.empty_like(input, memory_format=torch.contiguous_format)
        result.bernoulli_(input, generator=generator)
    return _C._record_sample("bernoulli", result, [input])


def install_methods(tensor_class):
    def bernoulli_method(self, p=None, *, generator=None):
        return bernoulli(self, p, generator=generator)
    bernoulli_method.__name__ = bernoulli_method.__qualname__ = "bernoulli"
    tensor_class.bernoulli = bernoulli_method

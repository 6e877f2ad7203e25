"""torch.autograd.functional: Jacobians, Hessians and their products with a vector,
built on torch.autograd.grad (PyTorch's torch/autograd/functional.py).

Every function runs the user's function on fresh tensors that require grad (so the
same tensors captured by a closure are not confused with the arguments), asks the
engine for vector-Jacobian products, and turns a missing gradient (None) into zeros,
or into an error under strict=True. Products with the Jacobian (jvp, hvp) use the
double backward trick: the backward of a backward is linear in its grad_outputs, so
differentiating it with respect to them gives the forward-mode product.
"""

import torch

__all__ = ["vjp", "jvp", "jacobian", "hvp", "hessian", "vhp"]


# --- arguments in, results out

def _as_tuple_nocheck(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return x,


def _as_tuple(inp, arg_name=None, fn_name=None):
    """(was it a tuple, the tensors as a tuple); checks that every entry is a Tensor
    when told what the argument is called."""
    if arg_name is None and fn_name is None:
        return _as_tuple_nocheck(inp)
    is_inp_tuple = isinstance(inp, tuple)
    if not is_inp_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if isinstance(el, torch.Tensor):
            continue
        if is_inp_tuple:
            raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the"
                            " value at index {} has type {}.".format(arg_name, fn_name, i, type(el)))
        raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the"
                        " given {} has type {}.".format(arg_name, fn_name, arg_name, type(el)))
    return is_inp_tuple, inp


def _tuple_postprocess(res, to_unpack):
    """Undoes _as_tuple: to_unpack is one flag, or (outer, inner) for nested results."""
    if isinstance(to_unpack, tuple):
        outer, inner = to_unpack
        if not inner:
            res = tuple(el[0] for el in res)
        if not outer:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs, create_graph, need_graph):
    # Always a new tensor object: see the module docstring. Under create_graph an input
    # that requires grad stays connected to its history through a view of itself.
    res = []
    for inp in inputs:
        if create_graph and inp.requires_grad:
            res.append(inp.view_as(inp))
        else:
            res.append(inp.detach().requires_grad_(need_graph))
    return tuple(res)


def _grad_postprocess(inputs, create_graph):
    # Without create_graph the user gets no history back.
    if isinstance(inputs[0], torch.Tensor):
        if create_graph:
            return inputs
        return tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError("v is a tuple of invalid length: should be {} but got {}.".format(len(other), len(v)))
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = "Entry {} in ".format(idx) if is_other_tuple else ""
            raise RuntimeError("{}v has invalid size: should be {} but got {}.".format(
                prepend, el_other.size(), el_v.size()))


# --- strict mode

def _check_requires_grad(inputs, input_type, strict):
    """Under strict, a tensor that does not require grad means the function (or its
    derivative) does not depend on the inputs: say which, in the words of 1.13."""
    if not strict:
        return
    if input_type not in ["outputs", "grad_inputs", "jacobian", "hessian"]:
        raise RuntimeError("Invalid input_type to _check_requires_grad")
    for i, inp in enumerate(inputs):
        if inp is None:
            # Only grad_inputs can hold None.
            raise RuntimeError("The output of the user-provided function is independent of input {}."
                               " This is not allowed in strict mode.".format(i))
        if inp.requires_grad:
            continue
        if input_type == "hessian":
            raise RuntimeError("The hessian of the user-provided function with respect to input {}"
                               " is independent of the input. This is not allowed in strict mode."
                               " You should ensure that your function is thrice differentiable and that"
                               " the hessian depends on the inputs.".format(i))
        if input_type == "jacobian":
            raise RuntimeError("While computing the hessian, found that the jacobian of the user-provided"
                               " function with respect to input {} is independent of the input. This is not"
                               " allowed in strict mode. You should ensure that your function is twice"
                               " differentiable and that the jacobian depends on the inputs (this would be"
                               " violated by a linear function for example).".format(i))
        if input_type == "grad_inputs":
            raise RuntimeError("The gradient with respect to input {} is independent of the inputs of the"
                               " user-provided function. This is not allowed in strict mode.".format(i))
        raise RuntimeError("Output {} of the user-provided function does not require gradients."
                           " The outputs must be computed in a differentiable manner from the input"
                           " when running in strict mode.".format(i))


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    """torch.autograd.grad that skips outputs which are None or have no history, and
    answers None for every input when no output is left."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    kept_outputs = ()
    kept_grad_outputs = ()
    for out, grad_out in zip(outputs, grad_outputs):
        if out is not None and out.requires_grad:
            kept_outputs += (out,)
            kept_grad_outputs += (grad_out,)
    if not kept_outputs:
        return (None,) * len(inputs)
    return torch.autograd.grad(kept_outputs, inputs, kept_grad_outputs, allow_unused=True,
                               create_graph=create_graph, retain_graph=retain_graph)


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    """A None gradient becomes zeros shaped like refs[i], or a strict-mode error that
    names the backward pass (stage) it came from."""
    if stage not in ["back", "back_trick", "double_back", "double_back_trick"]:
        raise RuntimeError("Invalid stage argument '{}' to _fill_in_zeros".format(stage))
    res = ()
    for i, grads_i in enumerate(grads):
        if grads_i is None:
            if strict:
                if stage == "back":
                    raise RuntimeError("The output of the user-provided function is independent of "
                                       "input {}. This is not allowed in strict mode.".format(i))
                if stage == "back_trick":
                    raise RuntimeError("The gradient with respect to the input is independent of entry {}"
                                       " in the grad_outputs when using the double backward trick to compute"
                                       " forward mode gradients. This is not allowed in strict mode.".format(i))
                if stage == "double_back":
                    raise RuntimeError("The jacobian of the user-provided function is independent of "
                                       "input {}. This is not allowed in strict mode.".format(i))
                raise RuntimeError("The hessian of the user-provided function is independent of "
                                   "entry {} in the grad_jacobian. This is not allowed in strict "
                                   "mode as it prevents from using the double backward trick to "
                                   "replace forward mode AD.".format(i))
            grads_i = torch.zeros_like(refs[i])
        elif strict and create_graph and not grads_i.requires_grad:
            if "double" not in stage:
                raise RuntimeError("The jacobian of the user-provided function is independent of "
                                   "input {}. This is not allowed in strict mode when create_graph=True.".format(i))
            raise RuntimeError("The hessian of the user-provided function is independent of "
                               "input {}. This is not allowed in strict mode when create_graph=True.".format(i))
        res += (grads_i,)
    return res


# --- public API

def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T J): the vector-Jacobian product at inputs, shaped like the
    inputs. v may be omitted when func returns one single-element tensor."""
    with torch.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)

        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "vjp")
        _check_requires_grad(outputs, "outputs", strict=strict)

        if v is not None:
            _, v = _as_tuple(v, "v", "vjp")
            v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
            _validate_v(v, outputs, is_outputs_tuple)
        elif len(outputs) != 1 or outputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the "
                               "user-provided function returns "
                               "a single Tensor with a single element.")

    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(outputs, inputs, v, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, inputs, strict, create_graph, "back")

    outputs = _grad_postprocess(outputs, create_graph)
    result = _grad_postprocess(result, create_graph)
    return _tuple_postprocess(outputs, is_outputs_tuple), _tuple_postprocess(result, is_inputs_tuple)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J v): the Jacobian-vector product at inputs, shaped like the
    outputs, by the double backward trick. v may be omitted when the input is one
    single-element tensor."""
    with torch.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)

        if v is not None:
            _, v = _as_tuple(v, "v", "jvp")
            v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
            _validate_v(v, inputs, is_inputs_tuple)
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to "
                               "the user-provided function is a single Tensor "
                               "with a single element.")

        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jvp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        # The backward is linear in grad_outputs: their value does not matter as long as
        # it is finite, so zeros that require grad stand for them.
        grad_outputs = tuple(torch.zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict=strict)

    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(grad_inputs, grad_outputs, v, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, outputs, strict, create_graph, "back_trick")

    outputs = _grad_postprocess(outputs, create_graph)
    result = _grad_postprocess(result, create_graph)
    return _tuple_postprocess(outputs, is_outputs_tuple), _tuple_postprocess(result, is_outputs_tuple)


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of func at inputs: for output i and input j a tensor of shape
    output_i.shape + input_j.shape, built row by row, one backward per output element.
    vectorize=True gives the same result (computed the same way: there is no vmap)."""
    assert strategy in ("forward-mode", "reverse-mode"), (
        'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
        'function has more outputs than inputs, "forward-mode" tends to be more performant. '
        'Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError('torch.autograd.functional.jacobian: `create_graph=True` '
                                      'and `strategy="forward-mode"` are not supported together (yet). '
                                      'Please either set `create_graph=False` or '
                                      '`strategy="reverse-mode"`.')
        if strict:
            raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` '
                               'and `strategy="forward-mode"` are not supported together (yet). '
                               'Please either set `strict=False` or '
                               '`strategy="reverse-mode"`.')
        if not vectorize:
            raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                                      "only implemented for `vectorize=True`.")
        raise NotImplementedError("autogradviz has no forward-mode AD: use strategy=\"reverse-mode\"")

    with torch.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)

        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict=strict)

        if vectorize and strict:
            raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` '
                               'and `vectorized=True` are not supported together. '
                               'Please either set `strict=False` or '
                               '`vectorize=False`.')

        jacobian = ()
        for i, out in enumerate(outputs):
            # rows[j]: the gradients of each element of out with respect to input j.
            rows = tuple([] for _ in inputs)
            for k in range(out.nelement()):
                vj = _autograd_grad((out.reshape(-1)[k],), inputs, retain_graph=True, create_graph=create_graph)
                for j, (rows_j, vj_el, inp) in enumerate(zip(rows, vj, inputs)):
                    if vj_el is not None:
                        if strict and create_graph and not vj_el.requires_grad:
                            raise RuntimeError("The jacobian of the user-provided function is "
                                               "independent of input {}. This is not allowed in "
                                               "strict mode when create_graph=True.".format(i))
                        rows_j.append(vj_el)
                    else:
                        if strict:
                            raise RuntimeError("Output {} of the user-provided function is "
                                               "independent of input {}. This is not allowed in "
                                               "strict mode.".format(i, j))
                        rows_j.append(torch.zeros_like(inp))
            jacobian += (tuple(torch.stack(rows_j, dim=0).view(out.size() + inputs[j].size())
                               for j, rows_j in enumerate(rows)),)

        jacobian = _grad_postprocess(jacobian, create_graph)
        return _tuple_postprocess(jacobian, (is_outputs_tuple, is_inputs_tuple))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar function: the Jacobian of its Jacobian. For inputs i and
    j a tensor of shape input_i.shape + input_j.shape."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    assert outer_jacobian_strategy in ("forward-mode", "reverse-mode"), (
        'Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict=strict)
        if is_out_tuple or not isinstance(out, torch.Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
        return out.squeeze()

    def jac_func(*inp):
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize,
                   strategy=outer_jacobian_strategy)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


def _scalar_function_jacobian(func, inputs, v, create_graph, strict, fn_name):
    """Shared first half of vhp and hvp: checks the arguments, runs func (which must
    return one single-element tensor) and takes its gradient with a graph."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", fn_name)
    inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)

    if v is not None:
        _, v = _as_tuple(v, "v", fn_name)
        v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
        _validate_v(v, inputs, is_inputs_tuple)
    elif len(inputs) != 1 or inputs[0].nelement() != 1:
        raise RuntimeError("The vector v can only be None if the input to the user-provided function "
                           "is a single Tensor with a single element.")
    outputs = func(*inputs)
    is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", fn_name)
    _check_requires_grad(outputs, "outputs", strict=strict)

    if is_outputs_tuple or not isinstance(outputs[0], torch.Tensor):
        raise RuntimeError("The function given to {} should return a single Tensor".format(fn_name))
    if outputs[0].nelement() != 1:
        raise RuntimeError("The Tensor returned by the function given to {} should contain a single element"
                           .format(fn_name))

    jac = _autograd_grad(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, "jacobian", strict=strict)
    return is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T H): the vector-Hessian product of a scalar function."""
    with torch.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _scalar_function_jacobian(
            func, inputs, v, create_graph, strict, "vhp")

    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(jac, inputs, v, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, inputs, strict, create_graph, "double_back")

    outputs = _grad_postprocess(outputs, create_graph)
    result = _grad_postprocess(result, create_graph)
    return _tuple_postprocess(outputs, is_outputs_tuple), _tuple_postprocess(result, is_inputs_tuple)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H v): the Hessian-vector product of a scalar function, by the
    double backward trick."""
    with torch.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _scalar_function_jacobian(
            func, inputs, v, create_graph, strict, "hvp")
        grad_jac = tuple(torch.zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict=strict)

    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(double_back, grad_jac, v, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, inputs, strict, create_graph, "double_back_trick")

    outputs = _grad_postprocess(outputs, create_graph)
    result = _grad_postprocess(result, create_graph)
    return _tuple_postprocess(outputs, is_outputs_tuple), _tuple_postprocess(result, is_inputs_tuple)

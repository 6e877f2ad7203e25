"""torch.autograd.gradcheck: compare the gradients the graph computes (analytical)
with finite differences (numerical), as PyTorch's torch/autograd/gradcheck.py does.

Both sides are Jacobians laid out the same way: one matrix per (input, output) pair
with a row per input element and a column per output element.

- numerical: perturb one input element in place by -eps and +eps (through
  ``input.data``, so the graphs already built are not invalidated) and take the
  central difference of every output;
- analytical: one ``torch.autograd.grad`` per output element with a one-hot
  grad_output gives one column; the whole is done twice to catch a backward
  that is not deterministic (reentrant).

fast_mode compares only v^T J u for random unit vectors u and v, drawn from a fresh
generator (seeded as a new ``torch.Generator()`` is) so the user's stream is left
alone.

check_forward_ad builds the analytical Jacobian with forward-mode AD instead: each
input becomes a dual tensor whose tangent is one basis vector at a time, and the
output's tangent is one row (slow mode only here). Complex numbers, sparse inputs and
vmap (batched grads) do not exist in autogradviz; asking for them raises
NotImplementedError.
"""

import functools
import warnings
from itertools import product

import torch

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError", "get_numerical_jacobian",
           "get_analytical_jacobian", "get_numerical_jacobian_wrt_specific_input"]


class GradcheckError(RuntimeError):
    """Error raised by gradcheck and gradgradcheck."""


def _is_float_tensor(obj):
    return isinstance(obj, torch.Tensor) and obj.is_floating_point()


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return x,


def _differentiable_outputs(x):
    return tuple(o for o in _as_tuple(x) if o.requires_grad)


def _iter_tensors(x, only_requiring_grad=False):
    """The tensors in x (a tensor or nested iterables of them), in order."""
    if isinstance(x, torch.Tensor):
        if x.requires_grad or not only_requiring_grad:
            yield x
    elif hasattr(x, '__iter__') and not isinstance(x, str):
        for elem in x:
            yield from _iter_tensors(elem, only_requiring_grad)


def _iter_tensor(x_tensor):
    """(x, index, flat index) for every element of x_tensor, in row-major order. x is
    x_tensor.data: writing into it changes the input without a version bump."""
    x_tensor = x_tensor.data
    for d_idx, x_idx in enumerate(product(*[range(m) for m in x_tensor.size()])):
        yield x_tensor, x_idx, d_idx


def _allocate_jacobians_with_inputs(input_tensors, numel_output):
    # One zero (input numel x numel_output) matrix per input that requires grad.
    return tuple(t.new_zeros((t.numel(), numel_output)) for t in input_tensors
                 if _is_float_tensor(t) and t.requires_grad)


def _allocate_jacobians_with_outputs(output_tensors, numel_input, dtype=None):
    # One zero (numel_input x output numel) matrix per floating-point output.
    return tuple(t.new_zeros((numel_input, t.numel()), dtype=dtype) for t in output_tensors
                 if _is_float_tensor(t))


def _promoted(a, b):
    # The dtype a binary op between a and b computes in.
    return (torch.zeros((), dtype=a.dtype) + torch.zeros((), dtype=b.dtype)).dtype


def _allclose_with_type_promotion(a, b, rtol, atol):
    dtype = _promoted(a, b)
    return torch.allclose(a.to(dtype=dtype), b.to(dtype=dtype), rtol, atol)


def _dot_with_type_promotion(u, v):
    assert u.dim() == 1 and v.dim() == 1
    return (u * v).sum()


# --- numerical side

def _compute_numerical_gradient(fn, entry, v, norm_v, nbhd_checks_fn):
    """Central difference of fn's outputs when entry (a view into an input) moves by
    -v and +v; entry is put back afterwards."""
    orig = entry.clone()
    entry.copy_(orig - v)
    outa = fn()
    entry.copy_(orig + v)
    outb = fn()
    entry.copy_(orig)

    def compute(a, b):
        nbhd_checks_fn(a, b)
        return ((b - a) / (2 * norm_v)).detach().reshape(-1)

    return tuple(compute(a, b) for a, b in zip(outa, outb))


def _check_outputs_same_dtype_and_shape(output1, output2, eps, idx=None):
    on_index = "on index {idx} " if idx is not None else ""
    assert output1.shape == output2.shape, \
        (f"Expected `func` to return outputs with the same shape"
         f" when inputs are perturbed {on_index}by {eps}, but got:"
         f" shapes {output1.shape} and {output2.shape}.")
    assert output1.dtype == output2.dtype, \
        (f"Expected `func` to return outputs with the same dtype"
         f" when inputs are perturbed {on_index}by {eps}, but got:"
         f" dtypes {output1.dtype} and {output2.dtype}.")


def _with_prepare_inputs(fn, inputs):
    # fn on the (perturbed in place) inputs, its outputs cloned: the next perturbation
    # must not change them.
    def wrapped_fn():
        return tuple(a.clone() for a in _as_tuple(fn(*_as_tuple(inputs))))
    return wrapped_fn


def get_numerical_jacobian_wrt_specific_input(fn, input_idx, inputs, outputs, eps, input=None,
                                              is_forward_ad=False):
    """The numerical Jacobians of every output with respect to inputs[input_idx], one
    column of the matrix per perturbed element."""
    jacobian_cols = {}
    input = inputs[input_idx] if input is None else input
    assert input.requires_grad
    for x, idx, d_idx in _iter_tensor(input):
        wrapped_fn = _with_prepare_inputs(fn, inputs)
        nbhd_checks_fn = functools.partial(_check_outputs_same_dtype_and_shape, idx=idx, eps=eps)
        jacobian_cols[d_idx] = _compute_numerical_gradient(wrapped_fn, x[idx], eps, eps, nbhd_checks_fn)
    jacobians = _allocate_jacobians_with_outputs(outputs, input.numel())
    for i, jacobian in enumerate(jacobians):
        for k, cols in jacobian_cols.items():
            jacobian[k] = cols[i]
    return jacobians


def _get_numerical_jacobian(fn, inputs, outputs=None, target=None, eps=1e-3, is_forward_ad=False):
    """For every input (of target) that requires grad, the tuple of numerical
    Jacobians of fn's floating-point outputs."""
    if outputs is None:
        outputs = _as_tuple(fn(*_as_tuple(inputs)))
    if target is None:
        target = inputs
    inp_indices = [i for i, a in enumerate(target) if isinstance(a, torch.Tensor) and a.requires_grad]
    return [get_numerical_jacobian_wrt_specific_input(fn, inp_idx, inputs, outputs, eps, input=inp)
            for inp, inp_idx in zip(_iter_tensors(target, True), inp_indices)]


def get_numerical_jacobian(fn, inputs, target=None, eps=1e-3, grad_out=1.0):
    """Deprecated: the numerical Jacobians of fn(inputs)'s first output."""
    warnings.warn("get_numerical_jacobian was part of PyTorch's private API and not "
                  "meant to be exposed. We are deprecating it and it will be removed "
                  "in a future version of PyTorch. If you have a specific use for "
                  "this or feature request for this to be a stable API, please file "
                  "us an issue at https://github.com/pytorch/pytorch/issues/new")
    if grad_out != 1.0:
        raise ValueError("Expected grad_out to be 1.0. get_numerical_jacobian no longer "
                         "supports values of grad_out != 1.0.")

    def fn_pack_inps(*inps):
        return fn(inps)
    jacobians = _get_numerical_jacobian(fn_pack_inps, inputs, None, target, eps)
    return tuple(jacobian_for_each_output[0] for jacobian_for_each_output in jacobians)


def _get_numerical_jvp_wrt_specific_input(fn, input_idx, inputs, u, eps):
    # Fast mode: J u by one central difference along u.
    input_to_perturb = inputs[input_idx].data
    wrapped_fn = _with_prepare_inputs(fn, inputs)
    nbhd_checks_fn = functools.partial(_check_outputs_same_dtype_and_shape, eps=eps)
    u = u.reshape(input_to_perturb.shape) * eps
    return list(_compute_numerical_gradient(wrapped_fn, input_to_perturb, u, eps, nbhd_checks_fn))


def _get_numerical_vJu(fn, inputs, inp_indices, func_out, all_u, all_v, eps):
    # Per input: v^T J u for every floating-point output (J u alone when all_v is None).
    reduced_jacobians = []
    func_out = _as_tuple(func_out)
    for inp_idx, u in zip(inp_indices, all_u):
        all_Ju = _get_numerical_jvp_wrt_specific_input(fn, inp_idx, inputs, u, eps)
        filtered_Ju = [Ju for Ju, output in zip(all_Ju, func_out) if _is_float_tensor(output)]
        if all_v is None:
            reduced_jacobians.append(filtered_Ju)
        else:
            reduced_jacobians.append([_dot_with_type_promotion(v, Ju) for v, Ju in zip(all_v, filtered_Ju)])
    return reduced_jacobians


# --- analytical side

FAILED_NONDET_MSG = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""


def _compute_analytical_jacobian_rows(vjp_fn, sample_output):
    """rows[i][j]: the gradient of input i for a grad_output that is one-hot at the
    j-th element of the output (None where the input is not reached)."""
    # row-major whatever the output's layout (a column-major linalg result), so view(-1) works
    grad_out_base = torch.zeros_like(sample_output, memory_format=torch.legacy_contiguous_format)
    flat_grad_out = grad_out_base.view(-1)
    jacobians_rows = []
    for j in range(flat_grad_out.numel()):
        flat_grad_out.zero_()
        flat_grad_out[j] = 1.0
        grad_inputs = vjp_fn(grad_out_base)
        for i, d_x in enumerate(grad_inputs):
            if j == 0:
                jacobians_rows.append([])
            jacobians_rows[i] += [d_x.clone() if isinstance(d_x, torch.Tensor) else None]
    return jacobians_rows


def _get_analytical_vjps_wrt_specific_output(vjp_fn, sample_output, v):
    grad_inputs = vjp_fn(v.reshape(sample_output.shape))
    return [[vjp.clone() if isinstance(vjp, torch.Tensor) else None] for vjp in grad_inputs]


def _stack_and_check_tensors(list_of_list_of_tensors, inputs, numel_outputs):
    """The rows as (input numel x numel_outputs) matrices, and whether every gradient
    had its input's size and dtype."""
    out_jacobians = _allocate_jacobians_with_inputs(inputs, numel_outputs)
    diff_input_list = list(_iter_tensors(inputs, True))
    correct_grad_sizes = True
    correct_grad_types = True
    for i, tensor_list in enumerate(list_of_list_of_tensors):
        inp = diff_input_list[i]
        out_jacobian = out_jacobians[i]
        for j, tensor in enumerate(tensor_list):
            if tensor is not None and tensor.size() != inp.size():
                correct_grad_sizes = False
            elif tensor is not None and tensor.dtype != inp.dtype:
                correct_grad_types = False
            if tensor is None:
                out_jacobian[:, j].zero_()
            else:
                assert out_jacobian[:, j].numel() == tensor.numel()
                out_jacobian[:, j] = tensor.reshape(-1)
    return out_jacobians, correct_grad_sizes, correct_grad_types


def _check_jacobians_equal(j1, j2, atol):
    for j1_x, j2_x in zip(j1, j2):
        if j1_x.numel() != 0 and (j1_x - j2_x).abs().max() > atol:
            return False
    return True


def _check_analytical_jacobian_attributes(inputs, output, nondet_tol, check_grad_dtypes, fast_mode=False, v=None):
    """The analytical Jacobians of output (slow mode) or v^T J (fast mode) for every
    input that requires grad, computed twice to check that backward is reentrant."""
    diff_input_list = list(_iter_tensors(inputs, True))

    def vjp_fn(grad_output):
        return torch.autograd.grad(output, diff_input_list, grad_output, retain_graph=True, allow_unused=True)

    if fast_mode:
        vjps1 = _get_analytical_vjps_wrt_specific_output(vjp_fn, output.clone(), v)
        vjps2 = _get_analytical_vjps_wrt_specific_output(vjp_fn, output.clone(), v)
    else:
        vjps1 = _compute_analytical_jacobian_rows(vjp_fn, output.clone())
        vjps2 = _compute_analytical_jacobian_rows(vjp_fn, output.clone())

    output_numel = 1 if fast_mode else output.numel()
    # (PyTorch unpacks the two flags in this crossed order too.)
    jacobians1, types_ok, sizes_ok = _stack_and_check_tensors(vjps1, inputs, output_numel)
    jacobians2, _, _ = _stack_and_check_tensors(vjps2, inputs, output_numel)
    reentrant = _check_jacobians_equal(jacobians1, jacobians2, nondet_tol)

    if not types_ok and check_grad_dtypes:
        raise GradcheckError('Gradient has dtype mismatch')
    if not sizes_ok:
        raise GradcheckError('Analytical gradient has incorrect size')
    if not reentrant:
        raise GradcheckError('Backward is not reentrant, i.e., running backward with '
                             'same input and grad_output multiple times gives different values, '
                             'although analytical gradient matches numerical gradient.'
                             f'The tolerance for nondeterminism was {nondet_tol}.' +
                             FAILED_NONDET_MSG)
    return jacobians1


def get_analytical_jacobian(inputs, output, nondet_tol=0.0, grad_out=1.0):
    """Deprecated: (jacobians, reentrant, sizes_ok, types_ok) of output."""
    warnings.warn("get_analytical_jacobian was part of PyTorch's private API and not "
                  "meant to be exposed. We are deprecating it and it will be removed "
                  "in a future version of PyTorch. If you have a specific use for "
                  "this or feature request for this to be a stable API, please file "
                  "us an issue at https://github.com/pytorch/pytorch/issues/new")
    if grad_out != 1.0:
        raise ValueError("Expected grad_out to be 1.0. get_analytical_jacobian no longer "
                         "supports values of grad_out != 1.0.")
    diff_input_list = list(_iter_tensors(inputs, True))

    def vjp_fn(grad_output):
        return torch.autograd.grad(output, diff_input_list, grad_output, retain_graph=True, allow_unused=True)

    vjps1 = _compute_analytical_jacobian_rows(vjp_fn, output.clone())
    vjps2 = _compute_analytical_jacobian_rows(vjp_fn, output.clone())
    jacobians1, types_ok, sizes_ok = _stack_and_check_tensors(vjps1, inputs, output.numel())
    jacobians2, _, _ = _stack_and_check_tensors(vjps2, inputs, output.numel())
    reentrant = _check_jacobians_equal(jacobians1, jacobians2, nondet_tol)
    return jacobians1, reentrant, sizes_ok, types_ok


def _get_analytical_jacobian(inputs, outputs, input_idx, output_idx):
    # Slow-mode Jacobian of one pair, without the dtype, size and reentrancy checks.
    jacobians = _check_analytical_jacobian_attributes(inputs, outputs[output_idx], nondet_tol=float('inf'),
                                                      check_grad_dtypes=False)
    return jacobians[input_idx]


def _get_analytical_vJu_backward_mode(inputs, outputs, nondet_tol, check_grad_dtypes, all_v, all_u):
    reduced_jacobians = []
    for output, v in zip(outputs, all_v):
        all_vJ = _check_analytical_jacobian_attributes(inputs, output, nondet_tol, check_grad_dtypes,
                                                       fast_mode=True, v=v)
        # vJ is a (numel x 1) matrix, the layout slow mode checks.
        reduced_jacobians.append([vJ.T.squeeze(0).dot(u) for vJ, u in zip(all_vJ, all_u)])
    return reduced_jacobians


# --- checks around the comparison

def _check_inputs(tupled_inputs, check_sparse_nnz):
    any_input_requiring_grad = False
    for idx, inp in enumerate(tupled_inputs):
        if not (isinstance(inp, torch.Tensor) and inp.requires_grad):
            continue
        if inp.dtype != torch.float64:
            warnings.warn(
                f'Input #{idx} requires gradient and '
                'is not a double precision floating point or complex. '
                'This check will likely fail if all the inputs are '
                'not of double precision floating point or complex. ')
        # Perturbing one element of an input whose elements share memory would move
        # several at once.
        if not all(st > 0 or sz <= 1 for st, sz in zip(inp.stride(), inp.size())):
            raise RuntimeError(
                f'The {idx}th input has a dimension with stride 0. gradcheck only '
                'supports inputs that are non-overlapping to be able to '
                'compute the numerical gradients correctly. You should call '
                '.contiguous on the input before passing it to gradcheck.')
        any_input_requiring_grad = True
        inp.retain_grad()
    if not any_input_requiring_grad:
        raise ValueError(
            'gradcheck expects at least one input tensor to require gradient, '
            'but none of the them have requires_grad=True.')
    return True


def _check_no_differentiable_outputs(func, inputs, func_out, eps):
    # Without differentiable outputs the numerical gradient has to be zero.
    for jacobians_of_input in _get_numerical_jacobian(func, inputs, func_out, eps=eps):
        for jacobian in jacobians_of_input:
            if torch.ne(jacobian, 0).sum() > 0:
                raise GradcheckError('Numerical gradient for function expected to be zero')
    return True


def _check_no_differentiable_outputs_fast(func, func_out, all_inputs, inputs_indices, all_u, eps, nondet_tol):
    for inp_idx, u in zip(inputs_indices, all_u):
        for jvp in _get_numerical_jvp_wrt_specific_input(func, inp_idx, all_inputs, u, eps):
            if jvp.numel() == 0:
                continue
            if (jvp - torch.zeros_like(jvp)).abs().max() > nondet_tol:
                raise GradcheckError('Numerical gradient for function expected to be zero')
    return True


def _all_zero(t):
    return t.ne(0).sum().item() == 0


def _test_backward_mul_by_grad_output(outputs, inputs, check_sparse_nnz):
    # A zero grad_output must give zero gradients of the inputs' dtype, device and size.
    diff_input_list = list(_iter_tensors(inputs, True))
    if not diff_input_list:
        raise GradcheckError("no Tensors requiring grad found in input")
    grads_input = torch.autograd.grad(outputs, diff_input_list, [torch.zeros_like(o) for o in outputs],
                                      allow_unused=True)
    for gi, di in zip(grads_input, diff_input_list):
        if gi is None:
            continue
        if not _all_zero(gi):
            raise GradcheckError('backward not multiplied by grad_output')
        if gi.dtype != di.dtype or gi.device != di.device:
            raise GradcheckError("grad is incorrect type")
        if gi.size() != di.size():
            raise GradcheckError('grad is incorrect size')
    return True


def _test_undefined_backward_mode(func, outputs, inputs):
    """Backward must cope with output grads that are undefined. PyTorch makes them
    undefined with an UndefinedGrad node, which autogradviz does not have: here they
    are zeros, which is what an undefined grad stands for (a backward that refuses
    undefined grads is not caught)."""
    diff_input_list = list(_iter_tensors(inputs, True))
    if not diff_input_list:
        raise GradcheckError("no Tensors requiring grad found in input")

    def warn_bc_breaking():
        warnings.warn((
            'Backwards compatibility: New undefined gradient support checking '
            'feature is enabled by default, but it may break existing callers '
            'of this function. If this is true for you, you can call this '
            'function with "check_undefined_grad=False" to disable the feature'))

    def check_undefined_grad_support(output_to_check):
        grads_output = [torch.zeros_like(o) for o in output_to_check]
        try:
            grads_input = torch.autograd.grad(output_to_check, diff_input_list, grads_output, allow_unused=True)
        except RuntimeError:
            warn_bc_breaking()
            raise GradcheckError((
                'Expected backward function to handle undefined output grads. '
                'Please look at "Notes about undefined output gradients" in '
                '"tools/autograd/derivatives.yaml"'))
        for gi in grads_input:
            if gi is not None and not _all_zero(gi):
                warn_bc_breaking()
                raise GradcheckError((
                    'Expected all input grads to be undefined or zero when all output grads are undefined '
                    'or zero. Please look at "Notes about undefined output gradients" in '
                    '"tools/autograd/derivatives.yaml"'))
        return True

    # Every output grad undefined, then (with several outputs) one at a time: func is
    # called as often as PyTorch calls it.
    outputs_to_check = [[o for o in _differentiable_outputs(func(*inputs)) if isinstance(o, torch.Tensor)]]
    if len(outputs_to_check[0]) > 1:
        for _ in range(len(outputs)):
            outputs_to_check.append(list(_differentiable_outputs(func(*inputs))))
    return all(check_undefined_grad_support(output) for output in outputs_to_check)


def _get_notallclose_msg(analytical, numerical, output_idx, input_idx, complex_indices, test_imag=False,
                         is_forward_ad=False):
    mode = "computed with forward mode " if is_forward_ad else ""
    return 'Jacobian %smismatch for output %d with respect to input %d,\n' \
        'numerical:%s\nanalytical:%s\n' % (mode, output_idx, input_idx, numerical, analytical)


def _transpose(matrix_of_tensors):
    return list(zip(*matrix_of_tensors))


# --- slow mode

def _get_analytical_jacobian_forward_ad(fn, inputs, outputs, *, check_grad_dtypes=False):
    """For each input that requires grad, one Jacobian per floating-point output, built
    row by row: the input's tangent is a one-hot vector, the output's tangent a row."""
    fwAD = torch.autograd.forward_ad
    tensor_inputs = tuple(i for i in inputs if isinstance(i, torch.Tensor) and i.requires_grad)
    jacobians = tuple(_allocate_jacobians_with_outputs(outputs, i.numel()) for i in tensor_inputs)
    with fwAD.dual_level():
        fw_grads = []
        dual_inputs = []
        for inp in inputs:
            if isinstance(inp, torch.Tensor) and inp.requires_grad:
                inp = fwAD.make_dual(inp.detach(), torch.zeros_like(inp))
                # The tangent is kept as it is (same layout), so writing into it moves the input's tangent.
                fw_grads.append(fwAD.unpack_dual(inp)[1])
            dual_inputs.append(inp)
        for i, fw_grad in enumerate(fw_grads):
            for lin_idx, grad_idx in enumerate(product(*[range(m) for m in fw_grad.size()])):
                fw_grad[grad_idx] = 1.
                raw_outputs = _as_tuple(fn(*dual_inputs))
                dual_outputs = filter(_is_float_tensor, raw_outputs)
                for index_o, d_o in enumerate(dual_outputs):
                    val, res = fwAD.unpack_dual(d_o)
                    if res is None:
                        jacobians[i][index_o][lin_idx].zero_()
                    else:
                        jacobians[i][index_o][lin_idx].copy_(res.reshape(-1))
                fw_grad[grad_idx] = 0.
    return jacobians


def _slow_gradcheck(func, func_out, tupled_inputs, outputs, eps, rtol, atol, check_grad_dtypes, nondet_tol,
                    *, use_forward_ad=False, complex_indices=None, test_imag=False):
    func_out = _as_tuple(func_out)
    if not outputs:
        return _check_no_differentiable_outputs(func, tupled_inputs, func_out, eps)
    numerical = _transpose(_get_numerical_jacobian(func, tupled_inputs, func_out, eps=eps,
                                                   is_forward_ad=use_forward_ad))
    # The numerical side has every output; keep those the analytical side has.
    numerical = [nj for o, nj in zip(func_out, numerical) if o.requires_grad]
    if use_forward_ad:
        analytical_forward = _get_analytical_jacobian_forward_ad(func, tupled_inputs, func_out,
                                                                 check_grad_dtypes=check_grad_dtypes)
        for i, n_per_out in enumerate(numerical):
            for j, n in enumerate(n_per_out):
                a = analytical_forward[j][i]
                if not _allclose_with_type_promotion(a, n.to(a.device), rtol, atol):
                    raise GradcheckError(_get_notallclose_msg(a, n, i, j, complex_indices, test_imag,
                                                              is_forward_ad=True))
        return True
    for i, o in enumerate(outputs):
        analytical = _check_analytical_jacobian_attributes(tupled_inputs, o, nondet_tol, check_grad_dtypes)
        for j, (a, n) in enumerate(zip(analytical, numerical[i])):
            if not _allclose_with_type_promotion(a, n.to(a.device), rtol, atol):
                raise GradcheckError(_get_notallclose_msg(a, n, i, j, complex_indices, test_imag))
    return True


# --- fast mode

# PyTorch's default_rng_seed_val: the seed of every new torch.Generator().
_FRESH_GENERATOR_SEED = 67280421310721


def _vec_from_tensor(x):
    # A random unit vector with x's number of elements and dtype (drawn in float32,
    # as PyTorch draws it).
    vec = torch.rand(x.numel()).to(dtype=x.dtype, device=x.device)
    return vec / (vec * vec).sum().sqrt()


def _make_vectors(inp_tensors, outputs):
    # The draws of a fresh generator, without moving the user's default stream.
    with torch.random.fork_rng():
        torch.manual_seed(_FRESH_GENERATOR_SEED)
        all_u = [_vec_from_tensor(inp) for inp in inp_tensors]
        all_v = [_vec_from_tensor(out) for out in outputs]
    return all_v, all_u


def _get_inp_tensors(tupled_inputs):
    pairs = [(i, t) for i, t in enumerate(tupled_inputs) if isinstance(t, torch.Tensor) and t.requires_grad]
    return [i for i, _ in pairs], [t for _, t in pairs]


def _adjusted_atol(atol, u, v):
    # Comparing v^T A u instead of A element-wise: atol scales with v^T (ones) u.
    sum_v = 1. if v is None else v.sum()
    return atol * float(u.sum()) * float(sum_v)


FAST_FAIL_SLOW_OK_MSG = """
Fast gradcheck failed but element-wise differences are small. This means that the
test might've passed in slow_mode!

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck:

If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `fast_mode=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_fast_mode=False`
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_fast_mode=False`
""".strip()


def _run_slow_mode_and_get_error(func, tupled_inputs, outputs, input_idx, output_idx, rtol, atol):
    # The full Jacobians of the failing pair, for a readable error.
    slow_numerical = _get_numerical_jacobian(func, tupled_inputs, outputs)[input_idx][output_idx]
    slow_analytical = _get_analytical_jacobian(tupled_inputs, outputs, input_idx, output_idx)
    slow_max_diff = (slow_numerical - slow_analytical).abs().max()
    slow_allclose = torch.allclose(slow_analytical, slow_numerical, rtol, atol)
    msg = ("\nThe above quantities relating the numerical and analytical jacobians are computed \n"
           "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more background \n"
           "about fast mode. Below, we recompute numerical and analytical jacobians in slow mode:\n\n"
           f"Numerical:\n {slow_numerical}\n"
           f"Analytical:\n{slow_analytical}\n\n"
           f"The max per-element difference (slow mode) is: {slow_max_diff}.\n")
    if slow_allclose:
        msg += FAST_FAIL_SLOW_OK_MSG
    return msg


def _check_analytical_numerical_equal(all_analytical, all_numerical, complex_indices, tupled_inputs, outputs,
                                      func, all_v, all_u, rtol, atol, test_imag):
    for i, all_numerical_for_input_i in enumerate(all_numerical):
        for j, n in enumerate(all_numerical_for_input_i):
            a = all_analytical[j][i]
            n = n.to(device=a.device)
            updated_atol = _adjusted_atol(atol, all_u[i], all_v[j] if all_v else None)
            if not _allclose_with_type_promotion(a, n, rtol, updated_atol):
                jacobians_str = _run_slow_mode_and_get_error(func, tupled_inputs, outputs, i, j, rtol, atol)
                raise GradcheckError(_get_notallclose_msg(a, n, j, i, complex_indices, test_imag) + jacobians_str)


def _fast_gradcheck(func, func_out, inputs, outputs, eps, rtol, atol, check_grad_dtypes, nondet_tol,
                    *, use_forward_ad=False, complex_indices=None, test_imag=False):
    # Backward mode gives v^T J, finite differences J u: compare v^T J u both ways.
    inp_tensors_idx, inp_tensors = _get_inp_tensors(inputs)
    all_v, all_u = _make_vectors(inp_tensors, outputs)
    numerical_vJu = _get_numerical_vJu(func, inputs, inp_tensors_idx, func_out, all_u, all_v, eps)
    if not outputs:
        _check_no_differentiable_outputs_fast(func, func_out, inputs, inp_tensors_idx, all_u, eps, nondet_tol)
    analytical_vJu = _get_analytical_vJu_backward_mode(inputs, outputs, nondet_tol, check_grad_dtypes, all_v,
                                                       all_u)
    _check_analytical_numerical_equal(analytical_vJu, numerical_vJu, complex_indices, inputs, outputs, func,
                                      all_v, all_u, rtol, atol, test_imag)
    return True


# --- public API

def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, check_sparse_nnz=False,
              nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False):
    """True when the analytical gradients of func at inputs (the tensors that require
    grad) match finite differences within atol + rtol * |numerical|; otherwise a
    GradcheckError saying where (or False with raise_exception=False). The defaults
    are meant for float64 inputs."""
    assert check_forward_ad or check_backward_ad, \
        "Expected at least one of check_forward_ad or check_backward_ad to be True"
    assert not (check_batched_grad and not check_backward_ad), (
        "Setting check_batched_grad=True requires check_backward_ad to be True")
    assert not (check_batched_forward_grad and not check_forward_ad), (
        "Setting check_batched_forward_grad=True requires check_forward_ad to be True")
    args = locals().copy()
    args.pop("raise_exception")
    if not raise_exception:
        try:
            return _gradcheck_helper(**args)
        except GradcheckError:
            return False
    return _gradcheck_helper(**args)


def _gradcheck_helper(func, inputs, eps, atol, rtol, check_sparse_nnz, nondet_tol, check_undefined_grad,
                      check_grad_dtypes, check_batched_grad, check_batched_forward_grad, check_forward_ad,
                      check_backward_ad, fast_mode):
    if check_batched_grad or check_batched_forward_grad:
        raise NotImplementedError("gradcheck: autogradviz has no vmap, so "
                                  "check_batched_grad and check_batched_forward_grad must be False")
    if check_forward_ad and fast_mode:
        raise NotImplementedError("gradcheck: autogradviz checks forward-mode AD in slow mode only "
                                  "(fast_mode=False)")
    tupled_inputs = _as_tuple(inputs)
    _check_inputs(tupled_inputs, check_sparse_nnz)

    func_out = func(*tupled_inputs)
    outputs = _differentiable_outputs(func_out)

    gradcheck_fn = _fast_gradcheck if fast_mode else _slow_gradcheck
    if check_backward_ad:
        gradcheck_fn(func, func_out, tupled_inputs, outputs, eps, rtol, atol, check_grad_dtypes, nondet_tol)
    if check_forward_ad:
        gradcheck_fn(func, func_out, tupled_inputs, outputs, eps, rtol, atol, check_grad_dtypes, nondet_tol,
                     use_forward_ad=True)

    if not check_backward_ad:
        return True
    _test_backward_mul_by_grad_output(outputs, tupled_inputs, check_sparse_nnz)
    if check_undefined_grad:
        _test_undefined_backward_mode(func, outputs, tupled_inputs)
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False):
    """gradcheck of the gradients themselves: the function checked takes the inputs and
    the grad_outputs (random in [-1, 1) unless given) and returns the inputs' grads,
    computed with create_graph=True."""
    assert check_fwd_over_rev or check_rev_over_rev, \
        "Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True"
    assert not (check_undefined_grad and not check_rev_over_rev), \
        "Setting check_undefined_grad=True requires check_rev_over_rev to be True"
    assert not (check_batched_grad and not check_rev_over_rev), (
        "Setting check_batched_grad=True requires check_rev_over_rev to be True")
    tupled_inputs = _as_tuple(inputs)

    if grad_outputs is None:
        # Drawn as torch.testing.make_tensor(low=-1, high=1) draws them, from the
        # default generator.
        outputs = _differentiable_outputs(func(*tupled_inputs))
        tupled_grad_outputs = tuple(_make_grad_output(x) for x in outputs)
        if gen_non_contig_grad_outputs:
            raise NotImplementedError("gradgradcheck: gen_non_contig_grad_outputs=True is not supported "
                                      "by autogradviz")
    else:
        tupled_grad_outputs = _as_tuple(grad_outputs)

    num_outputs = len(tupled_grad_outputs)
    # gradcheck may detach the arguments: remember which required grad.
    diff_input_args_indices = set(i for i, x in enumerate(tupled_inputs)
                                  if isinstance(x, torch.Tensor) and x.requires_grad)
    diff_grad_output_indices = set(i for i, x in enumerate(tupled_grad_outputs) if x.requires_grad)

    def new_func(*args):
        input_args = tuple(x.requires_grad_() if i in diff_input_args_indices else x
                           for i, x in enumerate(args[:-num_outputs]))
        outputs = _differentiable_outputs(func(*input_args))
        grad_outputs = tuple(x.requires_grad_() if i in diff_grad_output_indices else x
                             for i, x in enumerate(args[-num_outputs:]))
        diff_input_args = tuple(x for i, x in enumerate(input_args) if i in diff_input_args_indices)
        grad_inputs = torch.autograd.grad(outputs, diff_input_args, grad_outputs, create_graph=True,
                                          allow_unused=True)
        return tuple(g for g in grad_inputs if g is not None)

    return gradcheck(
        new_func, tupled_inputs + tupled_grad_outputs, eps=eps, atol=atol, rtol=rtol, raise_exception=raise_exception,
        nondet_tol=nondet_tol, check_undefined_grad=check_undefined_grad,
        check_grad_dtypes=check_grad_dtypes, check_batched_grad=check_batched_grad, fast_mode=fast_mode,
        check_forward_ad=check_fwd_over_rev, check_backward_ad=check_rev_over_rev)


def _make_grad_output(x):
    dtype = x.dtype if x.is_floating_point() else torch.double
    low, high = -1, 1
    rand_val = torch.rand(tuple(x.shape), device=x.device, dtype=dtype)
    result = high * rand_val + low * (1 - rand_val)
    result.requires_grad = True
    return result

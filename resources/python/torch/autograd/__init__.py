"""torch.autograd: backward, grad, grad modes, anomaly mode and the legacy Variable."""

import warnings

import _agv_torch as _C
from torch.autograd.anomaly_mode import detect_anomaly, set_detect_anomaly
from torch.autograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from torch.autograd import graph
from torch.autograd.function import Function, once_differentiable
from torch.autograd.variable import Variable
from torch.autograd import variable
from torch.autograd import functional
from torch.autograd import forward_ad
from torch.autograd.gradcheck import gradcheck, gradgradcheck


def _make_grads(outputs, grads):
    """1.13's _make_grads, less the creation of implicit gradients: a None for an output
    that requires grad stays None, and the engine makes its ones without recording them."""
    new_grads = []
    for out, grad in zip(outputs, grads):
        if isinstance(grad, _C._TensorBase):
            if out.shape != grad.shape:
                raise RuntimeError("Mismatch in shape: grad_output["
                                   + str(grads.index(grad)) + "] has a shape of "
                                   + str(grad.shape) + " and output["
                                   + str(outputs.index(out)) + "] has a shape of "
                                   + str(out.shape) + ".")
            new_grads.append(grad)
        elif grad is None:
            if out.requires_grad and out.numel() != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            new_grads.append(None)
        else:
            raise TypeError("gradients can be either Tensors or None, but got " + type(grad).__name__)
    return tuple(new_grads)


def _tensor_or_tensors_to_tuple(tensors, length):
    if tensors is None:
        return (None, ) * length
    if isinstance(tensors, _C._TensorBase):
        return (tensors, )
    return tuple(tensors)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    """torch.autograd.backward, shaped as 1.13's: the engine's warnings come from here, so
    Python's warning filter shows each once however many lines call backward."""
    if grad_variables is not None:
        warnings.warn("'grad_variables' is deprecated. Use 'grad_tensors' instead.")
        if grad_tensors is None:
            grad_tensors = grad_variables
        else:
            raise RuntimeError("'grad_tensors' and 'grad_variables' (deprecated) "
                               "arguments both passed to backward(). Please only "
                               "use 'grad_tensors'.")
    if inputs is not None and len(inputs) == 0:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")

    tensors = (tensors,) if isinstance(tensors, _C._TensorBase) else tuple(tensors)
    inputs = (inputs,) if isinstance(inputs, _C._TensorBase) else \
        tuple(inputs) if inputs is not None else tuple()

    grad_tensors_ = _tensor_or_tensors_to_tuple(grad_tensors, len(tensors))
    grad_tensors_ = _make_grads(tensors, grad_tensors_)
    if retain_graph is None:
        retain_graph = create_graph

    _C._run_backward(tensors, grad_tensors_, retain_graph, create_graph, inputs,
                     allow_unreachable=True, accumulate_grad=True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    """torch.autograd.grad, shaped as 1.13's (see backward)."""
    t_outputs = (outputs,) if isinstance(outputs, _C._TensorBase) else tuple(outputs)
    t_inputs = (inputs,) if isinstance(inputs, _C._TensorBase) else tuple(inputs)
    if not only_inputs:
        warnings.warn("only_inputs argument is deprecated and is ignored now "
                      "(defaults to True). To accumulate gradient for other "
                      "parts of the graph, please use torch.autograd.backward.")
    if is_grads_batched:
        raise NotImplementedError("autogradviz: grad(is_grads_batched=True) needs vmap, which is not supported yet")

    grad_outputs_ = _tensor_or_tensors_to_tuple(grad_outputs, len(t_outputs))
    grad_outputs_ = _make_grads(t_outputs, grad_outputs_)
    if retain_graph is None:
        retain_graph = create_graph

    return _C._run_backward(t_outputs, grad_outputs_, retain_graph, create_graph, t_inputs,
                            allow_unused, accumulate_grad=False)


is_anomaly_enabled = _C.is_anomaly_enabled
_is_checkpoint_valid = _C._is_checkpoint_valid

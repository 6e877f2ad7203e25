"""torch.autograd: backward, grad, grad modes, anomaly mode and the legacy Variable."""

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


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    if grad_variables is not None:
        grad_tensors = grad_variables
    if inputs is None:
        _C._autograd_backward(tensors, grad_tensors, retain_graph, create_graph)
        return
    # Only these tensors get a .grad. As 1.13's run_backward, once the outputs are checked
    # every input is told to retain its gradient (a no-op for a leaf that requires grad; an
    # error for a tensor that does not; engine.cpp's grad()); the engine then runs the graph
    # down to the inputs, their own nodes included: a leaf's AccumulateGrad and a non-leaf's
    # retain_grad hook accumulate into .grad.
    inputs = (inputs,) if isinstance(inputs, _C._TensorBase) else tuple(inputs)
    if len(inputs) == 0:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    _C._autograd_grad(tensors, inputs, grad_tensors, retain_graph, create_graph, True, True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    return _C._autograd_grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused)


is_anomaly_enabled = _C.is_anomaly_enabled
_is_checkpoint_valid = _C._is_checkpoint_valid

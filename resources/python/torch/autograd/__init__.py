"""torch.autograd: backward, grad, grad modes and anomaly mode."""

import _agv_torch as _C
from torch.autograd.anomaly_mode import detect_anomaly, set_detect_anomaly
from torch.autograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    if grad_variables is not None:
        grad_tensors = grad_variables
    _C._autograd_backward(tensors, grad_tensors, retain_graph, create_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    return _C._autograd_grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused)


is_anomaly_enabled = _C.is_anomaly_enabled

"""torch.nn.utils.parameters_to_vector and vector_to_parameters: a model's parameters as
one flat vector and back."""

import torch


def _check_param_device(param, old_param_device):
    """The device index of the first parameter (-1 for the CPU); a TypeError when a later
    parameter is on another device."""
    if old_param_device is None:
        return param.get_device() if param.is_cuda else -1
    if param.is_cuda:
        on_other_device = param.get_device() != old_param_device
    else:
        on_other_device = old_param_device != -1
    if on_other_device:
        raise TypeError('Found two parameters on different devices, this is currently not supported.')
    return old_param_device


def parameters_to_vector(parameters):
    """The parameters, each flattened, concatenated into one vector."""
    param_device = None
    vec = []
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        vec.append(param.view(-1))
    return torch.cat(vec)


def vector_to_parameters(vec, parameters):
    """Gives each parameter, in order, the next numel() values of vec as its data."""
    if not isinstance(vec, torch.Tensor):
        raise TypeError('expected torch.Tensor, but got: {}'.format(torch.typename(vec)))
    param_device = None
    pointer = 0
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        num_param = param.numel()
        # The parameter's data becomes a view of vec: later writes to vec show through.
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param

"""Moving a call's arguments to each device and its results back (PyTorch's scatter and
gather). autogradviz has at most one GPU, so every chunk is the whole batch."""

import torch


def _move(obj, device):
    if isinstance(obj, torch.Tensor):
        return obj.to(device)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*(_move(o, device) for o in obj))
    if isinstance(obj, (list, tuple)):
        return type(obj)(_move(o, device) for o in obj)
    if isinstance(obj, dict):
        return type(obj)((k, _move(v, device)) for k, v in obj.items())
    return obj


def scatter(inputs, target_gpus, dim=0):
    """One copy of ``inputs`` per device (a single device here: the whole batch)."""
    return [_move(inputs, torch.device("cuda", gpu)) for gpu in target_gpus]


def scatter_kwargs(inputs, kwargs, target_gpus, dim=0):
    inputs = scatter(inputs, target_gpus, dim) if inputs else []
    kwargs = scatter(kwargs, target_gpus, dim) if kwargs else []
    if len(inputs) < len(kwargs):
        inputs.extend(() for _ in range(len(kwargs) - len(inputs)))
    elif len(kwargs) < len(inputs):
        kwargs.extend({} for _ in range(len(inputs) - len(kwargs)))
    return tuple(tuple(i) for i in inputs), tuple(kwargs)


def gather(outputs, target_device, dim=0):
    """The outputs of every device on ``target_device``, concatenated along ``dim``."""
    if target_device == -1:
        target_device = "cpu"
    elif isinstance(target_device, int):
        target_device = torch.device("cuda", target_device)
    first = outputs[0]
    if isinstance(first, torch.Tensor):
        if len(outputs) == 1:
            return first.to(target_device)
        return torch.cat([o.to(target_device) for o in outputs], dim)
    if first is None:
        return None
    if isinstance(first, dict):
        return type(first)((k, gather([o[k] for o in outputs], target_device, dim)) for k in first)
    if isinstance(first, tuple) and hasattr(first, "_fields"):
        return type(first)(*(gather(list(parts), target_device, dim) for parts in zip(*outputs)))
    return type(first)(gather(list(parts), target_device, dim) for parts in zip(*outputs))

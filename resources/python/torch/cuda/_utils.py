"""Which GPU a torch.cuda function is asked about."""

import torch


def _get_device_index(device, optional=False, allow_cpu=False):
    """The index of `device`: a torch.device, a string such as "cuda:0", an int, or None
    (the current device when `optional`)."""
    if isinstance(device, str):
        device = torch.device(device)
    index = None
    if isinstance(device, torch.device):
        if allow_cpu:
            if device.type not in ('cuda', 'cpu'):
                raise ValueError('Expected a cuda or cpu device, but got: {}'.format(device))
        elif device.type != 'cuda':
            raise ValueError('Expected a cuda device, but got: {}'.format(device))
        index = -1 if device.type == 'cpu' else device.index
    elif isinstance(device, int):
        index = device
    if index is None:
        if not optional:
            raise ValueError('Expected a torch.device with a specified index or an integer, '
                             'but got:{}'.format(device))
        # With no GPU PyTorch finds no device type to ask, and the index stays None.
        index = torch.cuda.current_device() if torch.cuda.is_available() else None
    return index

"""nn.DataParallel as PyTorch 1.13 behaves on the devices autogradviz offers: without a GPU
it is a transparent wrapper (``device_ids == []``, the module runs as is); with the one GPU
(real or simulated) the module moves there and each call's inputs follow it."""

import torch
from torch.nn.modules.module import Module
from torch.nn.parallel.scatter_gather import gather, scatter_kwargs


def _device_index(device):
    if isinstance(device, torch.device):
        if device.type != "cuda":
            raise ValueError("Expected a cuda device, but got: {}".format(device))
        return 0 if device.index is None else device.index
    if isinstance(device, str):
        return _device_index(torch.device(device))
    return int(device)


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        if not torch.cuda.is_available():
            self.module = module
            self.device_ids = []
            return
        if device_ids is None:
            device_ids = list(range(torch.cuda.device_count()))
        if output_device is None:
            output_device = device_ids[0]
        self.dim = dim
        self.module = module
        self.device_ids = [_device_index(d) for d in device_ids]
        for index in self.device_ids:
            if index >= torch.cuda.device_count():
                raise RuntimeError("CUDA error: invalid device ordinal")
        self.output_device = _device_index(output_device)
        self.src_device_obj = torch.device("cuda", self.device_ids[0])
        self.module.to(self.src_device_obj)

    def forward(self, *inputs, **kwargs):
        if not self.device_ids:
            return self.module(*inputs, **kwargs)
        for t in self.module.parameters():
            if t.device != self.src_device_obj:
                raise RuntimeError("module must have its parameters and buffers "
                                   "on device {} (device_ids[0]) but found one of "
                                   "them on device: {}".format(self.src_device_obj, t.device))
        for t in self.module.buffers():
            if t.device != self.src_device_obj:
                raise RuntimeError("module must have its parameters and buffers "
                                   "on device {} (device_ids[0]) but found one of "
                                   "them on device: {}".format(self.src_device_obj, t.device))
        inputs, kwargs = scatter_kwargs(inputs, kwargs, self.device_ids, dim=self.dim)
        if not inputs and not kwargs:
            inputs = ((),)
            kwargs = ({},)
        # One device: PyTorch calls the module itself, without replicas.
        outputs = [self.module(*inputs[0], **kwargs[0])]
        return gather(outputs, self.output_device, dim=self.dim)


def _all_device_indices():
    # PyTorch answers None, not [], when there is no accelerator: data_parallel() then
    # fails on `device_ids[0]` with a TypeError, and scripts see exactly that.
    return list(range(torch.cuda.device_count())) if torch.cuda.is_available() else None


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if not isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    if device_ids is None:
        device_ids = _all_device_indices()
    if output_device is None:
        output_device = device_ids[0]
    if not torch.cuda.is_available():
        # torch.device(None, index), as PyTorch builds it from no device type.
        raise TypeError("Device(): argument 'type' (position 1) must be str, not NoneType")
    device_ids = [_device_index(x) for x in device_ids]
    output_device = _device_index(output_device)
    src_device_obj = torch.device("cuda", device_ids[0])
    for t in list(module.parameters()) + list(module.buffers()):
        if t.device != src_device_obj:
            raise RuntimeError("module must have its parameters and buffers "
                               "on device {} (device_ids[0]) but found one of "
                               "them on device: {}".format(src_device_obj, t.device))
    if module_kwargs is None:
        module_kwargs = {}
    inputs, module_kwargs = scatter_kwargs(inputs, module_kwargs, device_ids, dim)
    if not inputs and not module_kwargs:
        inputs = ((),)
        module_kwargs = ({},)
    # One device: PyTorch calls the module itself, without replicas.
    return module(*inputs[0], **module_kwargs[0])

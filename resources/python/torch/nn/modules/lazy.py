"""LazyModuleMixin: modules whose parameter shapes are inferred from the first input
(PyTorch's torch/nn/modules/lazy.py).

A lazy module starts with UninitializedParameters. A forward pre-hook calls
initialize_parameters(*input) on the first call, which materializes them; the hook
then removes itself and the module becomes its cls_to_become (LazyLinear becomes
Linear). Loading a state_dict into a lazy module materializes its parameters with the
shapes found there.
"""

import itertools
import warnings
from collections import OrderedDict

import torch
from torch.nn.parameter import is_lazy
from torch.utils.hooks import RemovableHandle

__all__ = ['LazyModuleMixin']


class LazyModuleMixin:
    cls_to_become = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._load_hook = self._register_load_state_dict_pre_hook(self._lazy_load_hook)
        self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters)
        warnings.warn('Lazy modules are a new feature under heavy development '
                      'so changes to the API or functionality can happen at any moment.')

    def _register_load_state_dict_pre_hook(self, hook):
        # Our Module has no load_state_dict pre-hooks: the lazy ones are kept here and
        # run by _load_from_state_dict below.
        if '_lazy_load_pre_hooks' not in self.__dict__:
            self._lazy_load_pre_hooks = OrderedDict()
        handle = RemovableHandle(self._lazy_load_pre_hooks)
        self._lazy_load_pre_hooks[handle.id] = hook
        return handle

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        for hook in list(self.__dict__.get('_lazy_load_pre_hooks', {}).values()):
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys,
                                      unexpected_keys, error_msgs)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        # Uninitialized tensors are saved as they are (detach would lose their class).
        for name, param in self._parameters.items():
            if param is not None:
                if not (is_lazy(param) or keep_vars):
                    param = param.detach()
                destination[prefix + name] = param
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                if not (is_lazy(buf) or keep_vars):
                    buf = buf.detach()
                destination[prefix + name] = buf

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                        error_msgs):
        # An uninitialized parameter takes the shape of the tensor about to be loaded.
        for name, param in itertools.chain(self._parameters.items(), self._buffers.items()):
            key = prefix + name
            if key in state_dict and param is not None:
                input_param = state_dict[key]
                if is_lazy(param) and not is_lazy(input_param):
                    with torch.no_grad():
                        param.materialize(input_param.shape)

    def initialize_parameters(self, *args, **kwargs):
        raise NotImplementedError('initialize_parameters is not implemented for {}'.format(self.__class__.__name__))

    def has_uninitialized_params(self):
        for param in itertools.chain(self._parameters.values(), self._buffers.values()):
            if is_lazy(param):
                return True
        return False

    def _infer_parameters(self, module, input):
        # The forward pre-hook of the first call: afterwards the module is an ordinary one.
        module.initialize_parameters(*input)
        if module.has_uninitialized_params():
            raise RuntimeError('module {} has not been fully initialized'.format(type(self).__name__))
        module._initialize_hook.remove()
        module._load_hook.remove()
        delattr(module, '_initialize_hook')
        delattr(module, '_load_hook')
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become

    def _replicate_for_data_parallel(self):
        raise RuntimeError('Modules with uninitialized parameters can\'t be used with `DataParallel`. '
                           'Run a dummy forward pass to correctly initialize the modules')

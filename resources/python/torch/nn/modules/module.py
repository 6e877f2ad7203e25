"""torch.nn.Module: the base class of every layer (PyTorch's torch/nn/modules/module.py)."""

import functools
import warnings
import weakref
from collections import OrderedDict, namedtuple
from collections.abc import Mapping

import torch
import _agv_torch as _C
from torch.nn.parameter import Parameter
from torch.utils import hooks
from torch.utils.hooks import RemovableHandle


def _addindent(s, num_spaces):
    lines = s.split('\n')
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    lines = [(num_spaces * ' ') + line for line in lines]
    return first + '\n' + '\n'.join(lines)


def _zero_grad(params, set_to_none):
    # Module.zero_grad and Optimizer.zero_grad share PyTorch 1.13's rule.
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()


def _adopt(child, name):
    # A child module's parameters are labelled in the graph by their qualified name
    # ('0.weight', 'fc.bias'), and its calls by its attribute path ('0', 'encoder.fc'):
    # the names named_parameters() and named_modules() give from the outermost module.
    for module_name, module in child.named_modules(prefix=name):
        object.__setattr__(module, '_agv_path', module_name)
    for param_name, param in child.named_parameters(prefix=name):
        _C._label(param, param_name)


# Backward hooks of every module (register_module_full_backward_hook): all full, or
# all legacy, as on one module.
_global_backward_hooks = OrderedDict()
_global_is_full_backward_hook = None


def register_module_backward_hook(hook):
    """Deprecated: a legacy backward hook called for every module (see
    Module.register_backward_hook)."""
    global _global_is_full_backward_hook
    if _global_is_full_backward_hook is True:
        raise RuntimeError("Cannot use both regular backward hooks and full backward hooks as a "
                           "global Module hook. Please use only one of them.")
    _global_is_full_backward_hook = False
    handle = RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle


def register_module_full_backward_hook(hook):
    """hook(module, grad_input, grad_output) for every module, before the module's own
    backward hooks."""
    global _global_is_full_backward_hook
    if _global_is_full_backward_hook is False:
        raise RuntimeError("Cannot use both regular backward hooks and full backward hooks as a "
                           "global Module hook. Please use only one of them.")
    _global_is_full_backward_hook = True
    handle = RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle


class _WrappedHook:
    """A hook called with the module first, which it holds weakly (a legacy backward hook
    as a Node hook, a load_state_dict pre-hook with_module), or as it is."""

    def __init__(self, hook, module=None):
        self.hook = hook
        functools.update_wrapper(self, hook)
        self.with_module = module is not None
        if module is not None:
            self.module = weakref.ref(module)

    def __call__(self, *args, **kwargs):
        if self.with_module:
            module = self.module()
            if module is None:
                raise RuntimeError("You are trying to call the hook of a dead Module!")
            return self.hook(module, *args, **kwargs)
        return self.hook(*args, **kwargs)


class _IncompatibleKeys(namedtuple('IncompatibleKeys', ['missing_keys', 'unexpected_keys'])):
    """What load_state_dict returns: its repr says when nothing is amiss."""

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return super().__repr__()

    __str__ = __repr__


def _check_member_name(module, kind, name):
    # register_parameter and register_buffer refuse the same names, in the same order.
    if not isinstance(name, str):
        raise TypeError(kind + " name should be a string. Got " + torch.typename(name))
    if '.' in name:
        raise KeyError(kind + " name can't contain \".\"")
    if name == '':
        raise KeyError(kind + " name can't be empty string \"\"")


class Module:
    _version = 1

    def __init__(self):
        object.__setattr__(self, 'training', True)
        object.__setattr__(self, '_parameters', OrderedDict())
        object.__setattr__(self, '_buffers', OrderedDict())
        object.__setattr__(self, '_non_persistent_buffers_set', set())
        object.__setattr__(self, '_modules', OrderedDict())
        object.__setattr__(self, '_agv_id', _C._next_module_id())
        object.__setattr__(self, '_forward_hooks', OrderedDict())
        object.__setattr__(self, '_forward_pre_hooks', OrderedDict())
        object.__setattr__(self, '_backward_hooks', OrderedDict())
        object.__setattr__(self, '_is_full_backward_hook', None)
        object.__setattr__(self, '_state_dict_hooks', OrderedDict())
        object.__setattr__(self, '_load_state_dict_pre_hooks', OrderedDict())

    def __setstate__(self, state):
        # copy.deepcopy and unpickling (the layers of nn.TransformerEncoder are deep
        # copies): subclasses extend this as in PyTorch. The copy is another module,
        # so it gets its own id in the trace rather than the original's.
        self.__dict__.update(state)
        object.__setattr__(self, '_agv_id', _C._next_module_id())

    def register_forward_pre_hook(self, hook):
        """hook(module, input) runs before forward; a result replaces the input."""
        handle = RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def _register_state_dict_hook(self, hook):
        """hook(module, state_dict, prefix, local_metadata) runs after state_dict() has
        collected this module's entries; a result replaces the state dict."""
        handle = RemovableHandle(self._state_dict_hooks)
        self._state_dict_hooks[handle.id] = hook
        return handle

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        """hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
        error_msgs) runs before this module loads its entries (the module first, with_module)."""
        handle = RemovableHandle(self._load_state_dict_pre_hooks)
        # Wrapped even without the module, as in 1.13: remove_spectral_norm's isinstance
        # test then misses the hook, which stays (and keeps asking for weight_orig).
        self._load_state_dict_pre_hooks[handle.id] = _WrappedHook(hook, self if with_module else None)
        return handle

    def register_forward_hook(self, hook):
        """hook(module, input, output) runs after forward; a result replaces the output."""
        handle = RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def register_backward_hook(self, hook):
        """Deprecated: hook(module, grad_input, grad_output) as a hook of the grad_fn of
        the module's first output, so grad_input is that last op's and may not be the
        module's. Use register_full_backward_hook."""
        if self._is_full_backward_hook is True:
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a "
                               "single Module. Please use only one of them.")
        self._is_full_backward_hook = False
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def register_full_backward_hook(self, hook):
        """hook(module, grad_input, grad_output) once the gradients of the module's
        positional tensor inputs are computed; a result replaces grad_input. The forward
        sees views of the inputs, the caller views of the outputs (see
        torch.utils.hooks.BackwardHook)."""
        if self._is_full_backward_hook is False:
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a "
                               "single Module. Please use only one of them.")
        self._is_full_backward_hook = True
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def _get_backward_hooks(self):
        """(full hooks, legacy hooks) of this module, the global ones first."""
        full_backward_hooks = []
        if _global_is_full_backward_hook is True:
            full_backward_hooks += _global_backward_hooks.values()
        if self._is_full_backward_hook is True:
            full_backward_hooks += self._backward_hooks.values()
        non_full_backward_hooks = []
        if _global_is_full_backward_hook is False:
            non_full_backward_hooks += _global_backward_hooks.values()
        if self._is_full_backward_hook is False:
            non_full_backward_hooks += self._backward_hooks.values()
        return full_backward_hooks, non_full_backward_hooks

    def _maybe_warn_non_full_backward_hook(self, inputs, result, grad_fn):
        # A legacy hook sees one node's gradients: say when those are not the module's.
        if not isinstance(result, torch.Tensor):
            if not (isinstance(result, tuple) and all(isinstance(r, torch.Tensor) for r in result)):
                warnings.warn("Using non-full backward hooks on a Module that does not return a "
                              "single Tensor or a tuple of Tensors is deprecated and will be removed "
                              "in future versions. This hook will be missing some of the grad_output. "
                              "Please use register_full_backward_hook to get the documented behavior.")
                return
        else:
            result = (result,)

        if not isinstance(inputs, torch.Tensor):
            if not (isinstance(inputs, tuple) and all(isinstance(i, torch.Tensor) for i in inputs)):
                warnings.warn("Using non-full backward hooks on a Module that does not take as input a "
                              "single Tensor or a tuple of Tensors is deprecated and will be removed "
                              "in future versions. This hook will be missing some of the grad_input. "
                              "Please use register_full_backward_hook to get the documented behavior.")
                return
        else:
            inputs = (inputs,)

        out_grad_fn = {r.grad_fn for r in result if r.grad_fn is not None}
        if len(out_grad_fn) == 0 or (len(out_grad_fn) == 1 and grad_fn not in out_grad_fn):
            warnings.warn("Using a non-full backward hook when outputs are nested in python data structure "
                          "is deprecated and will be removed in future versions. This hook will be missing "
                          "some grad_output.")
        elif len(out_grad_fn) > 1:
            warnings.warn("Using a non-full backward hook when outputs are generated by different autograd Nodes "
                          "is deprecated and will be removed in future versions. This hook will be missing "
                          "some grad_output. Please use register_full_backward_hook to get the documented behavior.")
        else:
            inputs_grad_fn = {i.grad_fn for i in inputs if i.grad_fn is not None}
            next_functions = {n[0] for n in grad_fn.next_functions}
            if inputs_grad_fn != next_functions:
                warnings.warn("Using a non-full backward hook when the forward contains multiple autograd Nodes "
                              "is deprecated and will be removed in future versions. This hook will be missing "
                              "some grad_input. Please use register_full_backward_hook to get the documented "
                              "behavior.")

    def forward(self, *input):
        raise NotImplementedError('Module [' + type(self).__name__ + '] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        _C._trace_module_enter(self, self._agv_id, self.__dict__.get('_agv_path') or type(self).__name__)
        try:
            full_backward_hooks, non_full_backward_hooks = [], []
            if self._backward_hooks or _global_backward_hooks:
                full_backward_hooks, non_full_backward_hooks = self._get_backward_hooks()
            for hook in list(self._forward_pre_hooks.values()):
                replaced = hook(self, args)
                if replaced is not None:
                    args = replaced if isinstance(replaced, tuple) else (replaced,)
            bw_hook = None
            if full_backward_hooks:
                bw_hook = hooks.BackwardHook(self, full_backward_hooks)
                args = bw_hook.setup_input_hook(args)
            result = self.forward(*args, **kwargs)
            for hook in list(self._forward_hooks.values()):
                replaced = hook(self, args, result)
                if replaced is not None:
                    result = replaced
            if bw_hook:
                result = bw_hook.setup_output_hook(result)
            if non_full_backward_hooks:
                self._register_legacy_backward_hooks(non_full_backward_hooks, args, result)
        finally:
            _C._trace_module_exit(self, self._agv_id)
        return result

    def _register_legacy_backward_hooks(self, non_full_backward_hooks, args, result):
        # On the grad_fn of the first tensor found in the result.
        var = result
        while not isinstance(var, torch.Tensor):
            if isinstance(var, dict):
                var = next((v for v in var.values() if isinstance(v, torch.Tensor)))
            else:
                var = var[0]
        grad_fn = var.grad_fn
        if grad_fn is not None:
            for hook in non_full_backward_hooks:
                grad_fn.register_hook(_WrappedHook(hook, self))
            self._maybe_warn_non_full_backward_hook(args, result, grad_fn)

    def __getattr__(self, name):
        if name not in ('_parameters', '_buffers', '_modules'):
            if name in self._parameters:
                return self._parameters[name]
            if name in self._buffers:
                return self._buffers[name]
            if name in self._modules:
                return self._modules[name]
        raise AttributeError("'" + type(self).__name__ + "' object has no attribute '" + name + "'")

    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            try:
                params = self._parameters
            except AttributeError:
                raise AttributeError('cannot assign parameters before Module.__init__() call')
            self._remove_from(name, params)
            params[name] = value
            _C._label(value, name)
        elif isinstance(value, Module):
            try:
                modules = self._modules
            except AttributeError:
                raise AttributeError('cannot assign module before Module.__init__() call')
            self._remove_from(name, modules)
            modules[name] = value
            _adopt(value, name)
        elif name in self.__dict__.get('_parameters', {}):
            if value is not None:
                raise TypeError("cannot assign '" + torch.typename(value) + "' as parameter '" + name +
                                "' (torch.nn.Parameter or None expected)")
            self._parameters[name] = value
        elif name in self.__dict__.get('_modules', {}):
            if value is not None:
                raise TypeError("cannot assign '" + torch.typename(value) + "' as child module '" + name +
                                "' (torch.nn.Module or None expected)")
            self._modules[name] = value
        elif name in self.__dict__.get('_buffers', {}):
            if value is not None and not isinstance(value, torch.Tensor):
                raise TypeError("cannot assign '" + torch.typename(value) + "' as buffer '" + name +
                                "' (torch.Tensor or None expected)")
            self._buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def _remove_from(self, name, keep):
        for d in (self.__dict__, self._parameters, self._buffers, self._modules):
            if d is not keep and name in d:
                del d[name]
                if d is self._buffers:
                    self._non_persistent_buffers_set.discard(name)

    def register_parameter(self, name, param):
        if '_parameters' not in self.__dict__:
            raise AttributeError('cannot assign parameter before Module.__init__() call')
        _check_member_name(self, 'parameter', name)
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError("attribute '" + name + "' already exists")
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError("cannot assign '" + torch.typename(param) + "' object to parameter '" + name +
                            "' (torch.nn.Parameter or None required)")
        elif param.grad_fn:
            raise ValueError("Cannot assign non-leaf Tensor to parameter '" + name + "'. Model parameters must be "
                             "created explicitly. To express '" + name + "' as a function of another Tensor, "
                             "compute the value in the forward() method.")
        else:
            self._parameters[name] = param
            _C._label(param, name)

    def register_buffer(self, name, tensor, persistent=True):
        """A tensor kept with the module that is no parameter (running statistics, masks):
        in state_dict() unless persistent=False, moved by to(), never trained."""
        if '_buffers' not in self.__dict__:
            raise AttributeError('cannot assign buffer before Module.__init__() call')
        _check_member_name(self, 'buffer', name)
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError("attribute '" + name + "' already exists")
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError("cannot assign '" + torch.typename(tensor) + "' object to buffer '" + name +
                            "' (torch Tensor or None required)")
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(torch.typename(module) + " is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError("module name should be a string. Got " + torch.typename(name))
        if hasattr(self, name) and name not in self._modules:
            raise KeyError("attribute '" + name + "' already exists")
        if '.' in name:
            raise KeyError("module name can't contain \".\", got: " + name)
        if name == '':
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module
        if module is not None:
            _adopt(module, name)

    def named_parameters(self, prefix='', recurse=True):
        result = []
        seen = []
        for module_prefix, module in (self.named_modules(prefix=prefix) if recurse else [(prefix, self)]):
            for name, p in module._parameters.items():
                if p is None or any(p is q for q in seen):
                    continue
                seen.append(p)
                result.append(((module_prefix + '.' if module_prefix else '') + name, p))
        return iter(result)

    def parameters(self, recurse=True):
        return iter([p for _, p in self.named_parameters(recurse=recurse)])

    def named_buffers(self, prefix='', recurse=True):
        result = []
        seen = []
        for module_prefix, module in (self.named_modules(prefix=prefix) if recurse else [(prefix, self)]):
            for name, b in module._buffers.items():
                if b is None or any(b is q for q in seen):
                    continue
                seen.append(b)
                result.append(((module_prefix + '.' if module_prefix else '') + name, b))
        return iter(result)

    def buffers(self, recurse=True):
        return iter([b for _, b in self.named_buffers(recurse=recurse)])

    def named_children(self):
        return iter([(name, m) for name, m in self._modules.items() if m is not None])

    def children(self):
        return iter([m for _, m in self.named_children()])

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        # A module reachable twice is listed once, under the first path, unless asked otherwise.
        if memo is None:
            memo = []
        if remove_duplicate:
            if any(self is m for m in memo):
                return iter([])
            memo.append(self)
        result = [(prefix, self)]
        for name, module in self._modules.items():
            if module is None:
                continue
            sub = prefix + ('.' if prefix else '') + name
            result.extend(module.named_modules(memo, sub, remove_duplicate))
        return iter(result)

    def modules(self):
        return iter([m for _, m in self.named_modules()])

    def train(self, mode=True):
        object.__setattr__(self, 'training', mode)
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=False):
        _zero_grad(self.parameters(), set_to_none)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def to(self, *args, **kwargs):
        # memory_format= lays out only the 4-d and 5-d tensors (conv weights), as 1.13's does.
        memory_format = kwargs.pop('memory_format', None)

        def convert(t):
            if memory_format is not None and t.dim() in (4, 5):
                return t.to(*args, memory_format=memory_format, **kwargs)
            return t.to(*args, **kwargs)

        with torch.no_grad():
            for module in self.modules():
                for name, p in module._parameters.items():
                    if p is None:
                        continue
                    # The same Parameter objects (an optimizer made before keeps them),
                    # with their data converted, as PyTorch's set_data does.
                    p.data = convert(p.data)
                    if p.grad is not None:
                        p.grad.data = convert(p.grad.data)
            # Buffers are replaced; integer ones (counters) keep their dtype, as in PyTorch.
            for module in self.modules():
                for name, b in module._buffers.items():
                    if b is not None and b.is_floating_point():
                        module._buffers[name] = convert(b)
        return self

    def to_empty(self, *, device):
        """Parameters and buffers replaced by empty tensors (torch.empty_like) on device."""
        with torch.no_grad():
            for module in self.modules():
                for name, p in module._parameters.items():
                    if p is not None:
                        p.data = torch.empty(tuple(p.shape), dtype=p.dtype, device=device)
                for name, b in module._buffers.items():
                    if b is not None:
                        module._buffers[name] = torch.empty(tuple(b.shape), dtype=b.dtype, device=device)
        return self

    def cuda(self, device=None):
        return self.to('cuda')

    def cpu(self):
        return self.to('cpu')

    def float(self):
        return self.to(torch.float32)

    def double(self):
        return self.to(torch.float64)

    def half(self):
        return self.to(torch.float16)

    def bfloat16(self):
        return self.to(torch.bfloat16)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        """An OrderedDict of the parameters and persistent buffers, module by module,
        detached unless keep_vars."""
        if len(args) > 0:
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == '':
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
            warnings.warn("Positional args are being deprecated, use kwargs instead. Refer to "
                          "https://pytorch.org/docs/master/generated/torch.nn.Module.html#torch.nn.Module.state_dict"
                          " for details.")
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        local_metadata = dict(version=self._version)
        if hasattr(destination, '_metadata'):
            destination._metadata[prefix[:-1]] = local_metadata
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
        for hook in self._state_dict_hooks.values():
            hook_result = hook(self, destination, prefix, local_metadata)
            if hook_result is not None:
                destination = hook_result
        return destination

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        for hook in self._load_state_dict_pre_hooks.values():
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
        persistent = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
        local_state = {k: v for k, v in list(self._parameters.items()) + list(persistent.items()) if v is not None}
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing_keys.append(key)
                continue
            input_param = state_dict[key]
            if not isinstance(input_param, torch.Tensor):
                error_msgs.append('While copying the parameter named "' + key + '", expected torch.Tensor or '
                                  'Tensor-like object from checkpoint but received ' + str(type(input_param)))
                continue
            # Checkpoints of PyTorch 0.3 stored scalars as 1-element vectors.
            if len(param.shape) == 0 and len(input_param.shape) == 1:
                input_param = input_param[0]
            if input_param.shape != param.shape:
                error_msgs.append('size mismatch for ' + key + ': copying a param with shape ' +
                                  str(input_param.shape) + ' from checkpoint, the shape in current model is ' +
                                  str(param.shape) + '.')
                continue
            try:
                with torch.no_grad():
                    param.copy_(input_param)
            except Exception as ex:
                error_msgs.append('While copying the parameter named "' + key + '", whose dimensions in the model '
                                  'are ' + str(param.size()) + ' and whose dimensions in the checkpoint are ' +
                                  str(input_param.size()) + ', an exception occurred : ' + str(ex.args) + '.')
        if strict:
            for key in state_dict.keys():
                if key.startswith(prefix):
                    input_name = key[len(prefix):].split('.', 1)[0]
                    if input_name not in self._modules and input_name not in local_state:
                        unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True):
        """Copies the tensors of state_dict into the parameters and buffers of the same
        names; with strict, missing and unexpected keys are errors."""
        if not isinstance(state_dict, Mapping):
            raise TypeError("Expected state_dict to be dict-like, got " + str(type(state_dict)) + ".")
        missing_keys = []
        unexpected_keys = []
        error_msgs = []
        metadata = getattr(state_dict, '_metadata', None)
        state_dict = OrderedDict(state_dict)

        def load(module, local_state_dict, prefix=''):
            local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
            module._load_from_state_dict(local_state_dict, prefix, local_metadata, True, missing_keys,
                                         unexpected_keys, error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + '.'
                    load(child, {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)},
                         child_prefix)

        load(self, state_dict)
        if strict:
            if unexpected_keys:
                error_msgs.insert(0, 'Unexpected key(s) in state_dict: ' +
                                  ', '.join('"' + k + '"' for k in unexpected_keys) + '. ')
            if missing_keys:
                error_msgs.insert(0, 'Missing key(s) in state_dict: ' +
                                  ', '.join('"' + k + '"' for k in missing_keys) + '. ')
        if error_msgs:
            raise RuntimeError('Error(s) in loading state_dict for ' + type(self).__name__ + ':\n\t' +
                               '\n\t'.join(error_msgs))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._modules.items():
            mod_str = repr(module)
            mod_str = _addindent(mod_str, 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = type(self).__name__ + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        main_str += ')'
        return main_str

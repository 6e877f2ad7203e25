"""torch.nn.Module: the base class of every layer (PyTorch's torch/nn/modules/module.py)."""

from collections import OrderedDict

import torch
import _agv_torch as _C
from torch.nn.parameter import Parameter
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


class Module:
    def __init__(self):
        object.__setattr__(self, 'training', True)
        object.__setattr__(self, '_parameters', {})
        object.__setattr__(self, '_buffers', {})
        object.__setattr__(self, '_modules', {})
        object.__setattr__(self, '_agv_id', _C._next_module_id())
        object.__setattr__(self, '_forward_hooks', OrderedDict())
        object.__setattr__(self, '_forward_pre_hooks', OrderedDict())

    def register_forward_pre_hook(self, hook):
        """hook(module, input) runs before forward; a result replaces the input."""
        handle = RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        """hook(module, input, output) runs after forward; a result replaces the output."""
        handle = RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def forward(self, *input):
        raise NotImplementedError('Module [' + type(self).__name__ + '] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        _C._trace_module_enter(self, self._agv_id, self.__dict__.get('_agv_path') or type(self).__name__)
        try:
            for hook in list(self._forward_pre_hooks.values()):
                replaced = hook(self, args)
                if replaced is not None:
                    args = replaced if isinstance(replaced, tuple) else (replaced,)
            result = self.forward(*args, **kwargs)
            for hook in list(self._forward_hooks.values()):
                replaced = hook(self, args, result)
                if replaced is not None:
                    result = replaced
        finally:
            _C._trace_module_exit(self, self._agv_id)
        return result

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
        else:
            object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def _remove_from(self, name, keep):
        for d in (self.__dict__, self._parameters, self._buffers, self._modules):
            if d is not keep and name in d:
                del d[name]

    def register_parameter(self, name, param):
        if '_parameters' not in self.__dict__:
            raise AttributeError('cannot assign parameter before Module.__init__() call')
        self._parameters[name] = param

    def register_buffer(self, name, tensor, persistent=True):
        self._buffers[name] = tensor

    def add_module(self, name, module):
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

    def named_children(self):
        return iter([(name, m) for name, m in self._modules.items() if m is not None])

    def children(self):
        return iter([m for _, m in self.named_children()])

    def named_modules(self, memo=None, prefix=''):
        result = [(prefix, self)]
        for name, module in self._modules.items():
            if module is None:
                continue
            sub = prefix + ('.' if prefix else '') + name
            result.extend(module.named_modules(prefix=sub))
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
        with torch.no_grad():
            for p in self.parameters():
                p.data = p.data.to(*args, **kwargs)
        return self

    def cuda(self, device=None):
        return self.to('cuda')

    def cpu(self):
        return self.to('cpu')

    def float(self):
        return self.to(torch.float32)

    def double(self):
        return self.to(torch.float64)

    def state_dict(self):
        return {name: p.detach() for name, p in self.named_parameters()}

    def load_state_dict(self, state_dict, strict=True):
        own = dict(self.named_parameters())
        with torch.no_grad():
            for name, value in state_dict.items():
                own[name].copy_(value)

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

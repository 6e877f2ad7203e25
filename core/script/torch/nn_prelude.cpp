// torch.nn's Python-level classes and torch.optim, written in the script language
// itself and run once per interpreter. Like PyTorch's own Python code, their
// frames appear in tracebacks and in anomaly mode's forward traces.
//
// Globals are prefixed `_agv_` so they never collide with a user's names; the
// public classes are stored on the torch.nn / torch.optim modules and removed
// from the global namespace.

#include "core/script/exceptions.h"
#include "core/script/interpreter.h"
#include "core/script/objects.h"

namespace agv::script::torch {

namespace {

const char* const kPrelude = R"PY(
import torch as _agv_torch
import torch.nn as _agv_nn
import torch.nn.functional as _agv_F
import torch.nn.init as _agv_init
import torch.optim as _agv_optim


def _agv_addindent(s, num_spaces):
    lines = s.split('\n')
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    lines = [(num_spaces * ' ') + line for line in lines]
    return first + '\n' + '\n'.join(lines)


def _agv_zero_grad(params, set_to_none):
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


class Module:
    def __init__(self):
        object.__setattr__(self, 'training', True)
        object.__setattr__(self, '_parameters', {})
        object.__setattr__(self, '_buffers', {})
        object.__setattr__(self, '_modules', {})
        object.__setattr__(self, '_agv_id', _agv_nn._next_module_id())

    def forward(self, *input):
        raise NotImplementedError('Module [' + type(self).__name__ + '] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        _agv_nn._trace_module_enter(self, self._agv_id, type(self).__name__)
        try:
            result = self.forward(*args, **kwargs)
        finally:
            _agv_nn._trace_module_exit(self, self._agv_id)
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
        if isinstance(value, _agv_nn.Parameter):
            try:
                params = self._parameters
            except AttributeError:
                raise AttributeError('cannot assign parameters before Module.__init__() call')
            self._remove_from(name, params)
            params[name] = value
            _agv_nn._label(value, name)
        elif isinstance(value, _agv_nn.Module):
            try:
                modules = self._modules
            except AttributeError:
                raise AttributeError('cannot assign module before Module.__init__() call')
            self._remove_from(name, modules)
            modules[name] = value
        elif name in self.__dict__.get('_parameters', {}):
            if value is not None:
                raise TypeError("cannot assign '" + _agv_torch.typename(value) + "' as parameter '" + name +
                                "' (torch.nn.Parameter or None expected)")
            self._parameters[name] = value
        elif name in self.__dict__.get('_modules', {}):
            if value is not None:
                raise TypeError("cannot assign '" + _agv_torch.typename(value) + "' as child module '" + name +
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
        _agv_zero_grad(self.parameters(), set_to_none)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def to(self, *args, **kwargs):
        with _agv_torch.no_grad():
            for p in self.parameters():
                p.data = p.data.to(*args, **kwargs)
        return self

    def cuda(self, device=None):
        return self.to('cuda')

    def cpu(self):
        return self.to('cpu')

    def float(self):
        return self.to(_agv_torch.float32)

    def double(self):
        return self.to(_agv_torch.float64)

    def state_dict(self):
        return {name: p.detach() for name, p in self.named_parameters()}

    def load_state_dict(self, state_dict, strict=True):
        own = dict(self.named_parameters())
        with _agv_torch.no_grad():
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
            mod_str = _agv_addindent(mod_str, 2)
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


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = _agv_nn.Parameter(_agv_torch.empty((out_features, in_features), device=device, dtype=dtype))
        if bias:
            self.bias = _agv_nn.Parameter(_agv_torch.empty(out_features, device=device, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1 / (self.in_features ** 0.5) if self.in_features > 0 else 0
        _agv_init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            _agv_init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return _agv_F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return 'in_features=' + str(self.in_features) + ', out_features=' + str(self.out_features) + \
            ', bias=' + str(self.bias is not None)


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return _agv_F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class LeakyReLU(Module):
    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return _agv_F.leaky_relu(input, self.negative_slope)

    def extra_repr(self):
        return 'negative_slope=' + str(self.negative_slope) + (', inplace=True' if self.inplace else '')


class Tanh(Module):
    def forward(self, input):
        return _agv_torch.tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return _agv_torch.sigmoid(input)


class GELU(Module):
    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return _agv_F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return "approximate='" + self.approximate + "'"


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return _agv_F.softmax(input, self.dim)

    def extra_repr(self):
        return 'dim=' + str(self.dim)


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return _agv_F.log_softmax(input, self.dim)

    def extra_repr(self):
        return 'dim=' + str(self.dim)


class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError('dropout probability has to be between 0 and 1, but got ' + str(p))
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return _agv_F.dropout(input, self.p, self.training)

    def extra_repr(self):
        return 'p=' + str(self.p) + ', inplace=' + str(self.inplace)


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return 'start_dim=' + str(self.start_dim) + ', end_dim=' + str(self.end_dim)


class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        for idx, module in enumerate(args):
            self.add_module(str(idx), module)

    def __getitem__(self, idx):
        keys = list(self._modules.keys())
        if isinstance(idx, slice):
            # A slice keeps the original keys, as PyTorch's OrderedDict-based slicing does.
            sliced = _agv_nn.Sequential()
            for k in keys[idx]:
                sliced.add_module(k, self._modules[k])
            return sliced
        if idx < -len(keys) or idx >= len(keys):
            raise IndexError('index ' + str(idx) + ' is out of range')
        return self._modules[keys[idx]]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.values()))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            for module in modules:
                self.append(module)

    def __getitem__(self, idx):
        return list(self._modules.values())[idx]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.values()))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self


class MSELoss(Module):
    def __init__(self, size_average=None, reduce=None, reduction='mean'):
        super().__init__()
        self.reduction = reduction

    def forward(self, input, target):
        return _agv_F.mse_loss(input, target, reduction=self.reduction)


class CrossEntropyLoss(Module):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0):
        super().__init__()
        self.reduction = reduction

    def forward(self, input, target):
        return _agv_F.cross_entropy(input, target, reduction=self.reduction)


class NLLLoss(Module):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
        super().__init__()
        self.reduction = reduction

    def forward(self, input, target):
        return _agv_F.nll_loss(input, target, reduction=self.reduction)


for _agv_cls in (Module, Identity, Linear, ReLU, LeakyReLU, Tanh, Sigmoid, GELU, Softmax, LogSoftmax, Dropout,
                 Flatten, Sequential, ModuleList, MSELoss, CrossEntropyLoss, NLLLoss):
    setattr(_agv_nn, _agv_cls.__name__, _agv_cls)
del Module, Identity, Linear, ReLU, LeakyReLU, Tanh, Sigmoid, GELU, Softmax, LogSoftmax, Dropout, Flatten
del Sequential, ModuleList, MSELoss, CrossEntropyLoss, NLLLoss, _agv_cls


# ------------------------------------------------------------------ torch.nn.init
def _agv_init_uniform_(tensor, a=0.0, b=1.0):
    with _agv_torch.no_grad():
        return tensor.copy_(_agv_torch.rand(tensor.shape, dtype=tensor.dtype) * (b - a) + a)


def _agv_init_normal_(tensor, mean=0.0, std=1.0):
    with _agv_torch.no_grad():
        return tensor.copy_(_agv_torch.randn(tensor.shape, dtype=tensor.dtype) * std + mean)


def _agv_init_constant_(tensor, val):
    with _agv_torch.no_grad():
        return tensor.fill_(val)


def _agv_init_zeros_(tensor):
    with _agv_torch.no_grad():
        return tensor.zero_()


def _agv_init_ones_(tensor):
    with _agv_torch.no_grad():
        return tensor.fill_(1.0)


def _agv_init_xavier_uniform_(tensor, gain=1.0):
    fan_out = tensor.shape[0]
    fan_in = tensor.shape[1] if tensor.dim() > 1 else 1
    bound = gain * (6.0 / (fan_in + fan_out)) ** 0.5
    return _agv_init_uniform_(tensor, -bound, bound)


_agv_init.uniform_ = _agv_init_uniform_
_agv_init.normal_ = _agv_init_normal_
_agv_init.constant_ = _agv_init_constant_
_agv_init.zeros_ = _agv_init_zeros_
_agv_init.ones_ = _agv_init_ones_
_agv_init.xavier_uniform_ = _agv_init_xavier_uniform_


# ------------------------------------------------------------------ torch.optim
class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = {}
        params = list(params)
        if len(params) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(params[0], dict):
            params = [{'params': params}]
        self.param_groups = []
        for group in params:
            g = dict(defaults)
            g.update(group)
            g['params'] = list(g['params'])
            self.param_groups.append(g)

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            _agv_zero_grad(group['params'], set_to_none)

    def _state_for(self, p):
        for key, value in self.state.items():
            if key is p:
                return value
        return None


class SGD(Optimizer):
    def __init__(self, params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, maximize=False):
        if lr < 0.0:
            raise ValueError('Invalid learning rate: ' + str(lr))
        if momentum < 0.0:
            raise ValueError('Invalid momentum value: ' + str(momentum))
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay, nesterov=nesterov, maximize=maximize))
        self._buffers = []

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with _agv_torch.enable_grad():
                loss = closure()
        with _agv_torch.no_grad():
            for group in self.param_groups:
                for i, p in enumerate(group['params']):
                    if p.grad is None:
                        continue
                    d_p = p.grad if not group['maximize'] else -p.grad
                    if group['weight_decay'] != 0:
                        d_p = d_p.add(p, alpha=group['weight_decay'])
                    if group['momentum'] != 0:
                        buf = None
                        for owner, b in self._buffers:
                            if owner is p:
                                buf = b
                        if buf is None:
                            buf = d_p.clone().detach()
                            self._buffers.append((p, buf))
                        else:
                            buf.mul_(group['momentum']).add_(d_p, alpha=1 - group['dampening'])
                        if group['nesterov']:
                            d_p = d_p.add(buf, alpha=group['momentum'])
                        else:
                            d_p = buf
                    p.add_(d_p, alpha=-group['lr'])
        return loss


class Adam(Optimizer):
    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, maximize=False):
        if lr < 0.0:
            raise ValueError('Invalid learning rate: ' + str(lr))
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize))
        self._states = []

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with _agv_torch.enable_grad():
                loss = closure()
        with _agv_torch.no_grad():
            for group in self.param_groups:
                beta1, beta2 = group['betas']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    grad = p.grad if not group['maximize'] else -p.grad
                    state = None
                    for owner, s in self._states:
                        if owner is p:
                            state = s
                    if state is None:
                        state = {'step': 0, 'exp_avg': _agv_torch.zeros_like(p),
                                 'exp_avg_sq': _agv_torch.zeros_like(p)}
                        self._states.append((p, state))
                    state['step'] += 1
                    step = state['step']
                    if group['weight_decay'] != 0:
                        grad = grad.add(p, alpha=group['weight_decay'])
                    exp_avg = state['exp_avg']
                    exp_avg_sq = state['exp_avg_sq']
                    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
                    exp_avg_sq.mul_(beta2).add_(grad * grad, alpha=1 - beta2)
                    bias_correction1 = 1 - beta1 ** step
                    bias_correction2 = 1 - beta2 ** step
                    step_size = group['lr'] / bias_correction1
                    denom = (exp_avg_sq.sqrt() / (bias_correction2 ** 0.5)).add_(group['eps'])
                    p.add_(exp_avg / denom, alpha=-step_size)
        return loss


_agv_optim.Optimizer = Optimizer
_agv_optim.SGD = SGD
_agv_optim.Adam = Adam
del Optimizer, SGD, Adam
)PY";

}  // namespace

void runNnPrelude(Interpreter& in)
{
    in.createModule("torch.nn")->attrs["init"] = Value(in.createModule("torch.nn.init"));
    in.createModule("torch")->attrs["optim"] = Value(in.createModule("torch.optim"));
    RunResult result = in.runLibrary(kPrelude, "<torch>");
    if (result.exitCode != 0)
        throw std::logic_error("the torch.nn prelude failed: " +
                               (result.error ? result.error->message : std::string("unknown error")));
}

}  // namespace agv::script::torch

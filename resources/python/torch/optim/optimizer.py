"""torch.optim.Optimizer: parameter groups, per-parameter state, state_dict."""

import functools
import warnings
from collections import defaultdict
from collections import abc as container_abcs
from itertools import chain

import _agv_torch as _C
import torch
from torch.nn.modules.module import _zero_grad


class _RequiredParameter:
    """The default of a hyperparameter that has none (SGD's lr)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def _evaluate_closure(closure):
    """step(closure): the closure re-evaluates the model and returns the loss, grad mode on."""
    if closure is None:
        return None
    with torch.enable_grad():
        return closure()


def _add(t, other, alpha=1):
    """t.add(other, alpha=alpha): the engine fuses it as PyTorch's kernels do."""
    return t.add(other, alpha=alpha)


def _add_(t, other, alpha=1):
    """t.add_(other, alpha=alpha), fused as in PyTorch."""
    return t.add_(other, alpha=alpha)


def _addcmul_(t, t1, t2, value=1):
    """t.addcmul_(t1, t2, value=value): the engine's kernel rounds as PyTorch's does, in
    float32 and float64 alike."""
    return t.addcmul_(t1, t2, value=value)


def _addcdiv_(t, t1, t2, value=1):
    # PyTorch's addcdiv_: (value * t1) / t2, rounded at each step, then added to t.
    return t.add_(t1.mul(value).div(t2))


def _refuse_foreach(optimizer, group):
    """Adamax, NAdam, RAdam, ASGD and Rprop follow PyTorch's single-tensor path (foreach
    None or False, the CPU default). Its multi-tensor path (foreach=True) rounds in another
    order and, in 1.13, adds weight decay into p.grad itself; rather than print other
    digits, it is refused."""
    if group['foreach']:
        raise NotImplementedError("autogradviz: " + type(optimizer).__name__ + "(foreach=True) is not supported yet")


def _tensor_state_entries(optimizer, key, make):
    """A state dict saved before PyTorch kept `key` as a 0-dim tensor holds a number there;
    __setstate__ (so load_state_dict) converts it with make(number). As in PyTorch, only
    the first parameter's entry decides."""
    state_values = list(optimizer.state.values())
    if state_values and not torch.is_tensor(state_values[0][key]):
        for s in state_values:
            s[key] = make(s[key])


def _deepcopy_state(value):
    # Optimizer states hold tensors, which copy.deepcopy cannot copy here.
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, dict):
        return {k: _deepcopy_state(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deepcopy_state(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_deepcopy_state(v) for v in value)
    return value


def _outside_state(closure):
    # A closure re-evaluates the model: what it allocates is not optimizer state.
    @functools.wraps(closure)
    def evaluate(*args, **kwargs):
        _C._push_memory_role("none")
        try:
            return closure(*args, **kwargs)
        finally:
            _C._pop_memory_role()
    return evaluate


def _holding_optimizer_state(step):
    """Wraps an optimizer's step() so the memory chart files what it allocates (momentum
    buffers, Adam's averages) under optimizer state."""
    @functools.wraps(step)
    def wrapper(self, *args, **kwargs):
        if args and callable(args[0]):
            args = (_outside_state(args[0]),) + args[1:]
        elif callable(kwargs.get('closure')):
            kwargs['closure'] = _outside_state(kwargs['closure'])
        _C._push_memory_role("optimizer_state")
        try:
            return step(self, *args, **kwargs)
        finally:
            _C._pop_memory_role()
    return wrapper


class Optimizer:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if 'step' in cls.__dict__:
            cls.step = _holding_optimizer_state(cls.__dict__['step'])

    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            "but got " + torch.typename(params))
        # Keyed by the parameter tensors themselves (they hash by identity).
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {'defaults': self.defaults, 'state': self.state, 'param_groups': self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __repr__(self):
        format_string = type(self).__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\nParameter Group ' + str(i) + '\n'
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += '    ' + str(key) + ': ' + str(group[key]) + '\n'
        format_string += ')'
        return format_string

    def add_param_group(self, param_group):
        assert isinstance(param_group, dict), "param group must be a dict"
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, but the ordering of '
                            'tensors in sets will change between runs. Please use a list instead.')
        else:
            param_group['params'] = list(params)
        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " +
                                torch.typename(param))
            if not self.defaults.get('differentiable', None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required optimization parameter " +
                                 name)
            param_group.setdefault(name, default)
        params = param_group['params']
        if len(params) != len(set(params)):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in future, this will "
                          "cause an error; see github.com/pytorch/pytorch/issues/40967 for more information",
                          stacklevel=3)
        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group['params']))
        if not param_set.isdisjoint(set(param_group['params'])):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            _zero_grad(group['params'], set_to_none)

    def step(self, closure):
        raise NotImplementedError

    def state_dict(self):
        """{'state': ..., 'param_groups': ...} with the parameters replaced by their
        positions (counted over all groups)."""
        param_mappings = {}
        start_index = 0

        def pack_group(group):
            nonlocal start_index
            packed = {k: v for k, v in group.items() if k != 'params'}
            for i, p in enumerate(group['params'], start_index):
                if id(p) not in param_mappings:
                    param_mappings[id(p)] = i
            packed['params'] = [param_mappings[id(p)] for p in group['params']]
            start_index += len(packed['params'])
            return packed

        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {(param_mappings[id(k)] if isinstance(k, torch.Tensor) else k): v
                        for k, v in self.state.items()}
        return {'state': packed_state, 'param_groups': param_groups}

    def load_state_dict(self, state_dict):
        state_dict = {'state': _deepcopy_state(state_dict['state']),
                      'param_groups': _deepcopy_state(state_dict['param_groups'])}
        groups = self.param_groups
        saved_groups = state_dict['param_groups']
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g['params']) != len(s['params']) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                             "optimizer's group")
        id_map = {old_id: p for old_id, p in zip(chain.from_iterable(g['params'] for g in saved_groups),
                                                 chain.from_iterable(g['params'] for g in groups))}

        def cast(param, value, key=None):
            # State tensors follow their parameter's dtype, except the step counter.
            if isinstance(value, torch.Tensor):
                if key != 'step' and param.is_floating_point():
                    value = value.to(param.dtype)
                return value
            if isinstance(value, dict):
                return {k: cast(param, v, key=k) for k, v in value.items()}
            if isinstance(value, container_abcs.Iterable) and not isinstance(value, str):
                return type(value)(cast(param, v) for v in value)
            return value

        state = defaultdict(dict)
        for k, v in state_dict['state'].items():
            if k in id_map:
                param = id_map[k]
                state[param] = cast(param, v)
            else:
                state[k] = v
        param_groups = []
        for group, new_group in zip(groups, saved_groups):
            new_group['params'] = group['params']
            param_groups.append(new_group)
        self.__setstate__({'state': state, 'param_groups': param_groups})


def _check_adam_args(lr, eps, betas, weight_decay):
    """The constructor checks Adam, AdamW, Adamax, NAdam and RAdam share in 1.13."""
    if not 0.0 <= lr:
        raise ValueError('Invalid learning rate: ' + str(lr))
    if not 0.0 <= eps:
        raise ValueError('Invalid epsilon value: ' + str(eps))
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError('Invalid beta parameter at index 0: ' + str(betas[0]))
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError('Invalid beta parameter at index 1: ' + str(betas[1]))
    if not 0.0 <= weight_decay:
        raise ValueError('Invalid weight_decay value: ' + str(weight_decay))

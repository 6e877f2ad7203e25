"""Activation layers."""
import warnings

import torch
from torch.nn import functional as F
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class LeakyReLU(Module):
    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return 'negative_slope=' + str(self.negative_slope) + (', inplace=True' if self.inplace else '')


class RReLU(Module):
    """leaky_relu with a random slope from U(lower, upper) per element in training, the
    mean slope (lower + upper) / 2 in eval."""

    def __init__(self, lower=1. / 8, upper=1. / 3, inplace=False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        inplace_str = ', inplace=True' if self.inplace else ''
        return 'lower={}, upper={}{}'.format(self.lower, self.upper, inplace_str)


class Hardtanh(Module):
    def __init__(self, min_val=-1., max_val=1., inplace=False, min_value=None, max_value=None):
        super().__init__()
        # min_value / max_value: the old spellings, still taken with a warning.
        if min_value is not None:
            warnings.warn("keyword argument min_value is deprecated and rename to min_val")
            min_val = min_value
        if max_value is not None:
            warnings.warn("keyword argument max_value is deprecated and rename to max_val")
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        assert self.max_val > self.min_val

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return 'min_val={}, max_val={}{}'.format(self.min_val, self.max_val, ', inplace=True' if self.inplace else '')


class ReLU6(Hardtanh):
    def __init__(self, inplace=False):
        super().__init__(0., 6., inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class GELU(Module):
    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return "approximate='" + self.approximate + "'"


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim)

    def extra_repr(self):
        return 'dim=' + str(self.dim)


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, self.dim)

    def extra_repr(self):
        return 'dim=' + str(self.dim)


class SiLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.silu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class ELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return 'alpha={}{}'.format(self.alpha, ', inplace=True' if self.inplace else '')


class Softplus(Module):
    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return 'beta={}, threshold={}'.format(self.beta, self.threshold)


class SELU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.selu(input, self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class CELU(Module):
    def __init__(self, alpha=1., inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return 'alpha={}{}'.format(self.alpha, ', inplace=True' if self.inplace else '')


class Threshold(Module):
    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return 'threshold={}, value={}{}'.format(self.threshold, self.value, ', inplace=True' if self.inplace else '')


class Hardsigmoid(Module):
    # Hardsigmoid and Hardswish take inplace but, as in PyTorch, do not show it (Mish does).
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.hardsigmoid(input, self.inplace)


class Hardswish(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.hardswish(input, self.inplace)


class Mish(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.mish(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class LogSigmoid(Module):
    def forward(self, input):
        return F.logsigmoid(input)


class Softsign(Module):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return F.tanhshrink(input)


class Hardshrink(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def extra_repr(self):
        return '{}'.format(self.lambd)


class Softshrink(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.softshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class Softmin(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmin(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class GLU(Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return 'dim={}'.format(self.dim)


class PReLU(Module):
    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        super().__init__()
        self.num_parameters = num_parameters
        self.init = init
        self.weight = Parameter(torch.empty(num_parameters, device=device, dtype=dtype).fill_(init))

    def reset_parameters(self):
        torch.nn.init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return 'num_parameters={}'.format(self.num_parameters)


def _fast_path_not_implemented(what, function):
    """1.13 would run a fused kernel here whose rounding the composite ops do not
    reproduce; better no numbers than different ones."""
    raise NotImplementedError(
        "autogradviz: " + what + " would take PyTorch's fast path here (" + function + ": eval mode, no grad, "
        "batch_first=True, ...), which is not implemented; call .train(), run with grad enabled or use "
        "batch_first=False to take the composite path")


class MultiheadAttention(Module):
    """Attention over num_heads heads of embed_dim // num_heads features each. Its
    parameters: in_proj_weight (3E, E), or q/k/v_proj_weight when kdim or vdim differ
    from embed_dim; in_proj_bias (3E); out_proj; bias_k and bias_v with add_bias_kv."""

    __constants__ = ['batch_first']

    def __init__(self, embed_dim, num_heads, dropout=0., bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        from torch.nn.modules.linear import NonDynamicallyQuantizableLinear
        factory_kwargs = {'device': device, 'dtype': dtype}
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        assert self.head_dim * num_heads == self.embed_dim, "embed_dim must be divisible by num_heads"

        # Created (empty) in 1.13's order: the Linear below draws its initial values
        # from the generator before _reset_parameters draws these.
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(torch.empty((3 * embed_dim, embed_dim), **factory_kwargs))
            self.register_parameter('q_proj_weight', None)
            self.register_parameter('k_proj_weight', None)
            self.register_parameter('v_proj_weight', None)
        else:
            self.q_proj_weight = Parameter(torch.empty((embed_dim, embed_dim), **factory_kwargs))
            self.k_proj_weight = Parameter(torch.empty((embed_dim, self.kdim), **factory_kwargs))
            self.v_proj_weight = Parameter(torch.empty((embed_dim, self.vdim), **factory_kwargs))
            self.register_parameter('in_proj_weight', None)
        if bias:
            self.in_proj_bias = Parameter(torch.empty(3 * embed_dim, **factory_kwargs))
        else:
            self.register_parameter('in_proj_bias', None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, **factory_kwargs)
        if add_bias_kv:
            self.bias_k = Parameter(torch.empty((1, 1, embed_dim), **factory_kwargs))
            self.bias_v = Parameter(torch.empty((1, 1, embed_dim), **factory_kwargs))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        from torch.nn.init import constant_, xavier_normal_, xavier_uniform_
        if self._qkv_same_embed_dim:
            xavier_uniform_(self.in_proj_weight)
        else:
            xavier_uniform_(self.q_proj_weight)
            xavier_uniform_(self.k_proj_weight)
            xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            constant_(self.in_proj_bias, 0.)
            constant_(self.out_proj.bias, 0.)
        if self.bias_k is not None:
            xavier_normal_(self.bias_k)
        if self.bias_v is not None:
            xavier_normal_(self.bias_v)

    def __setstate__(self, state):
        # Modules pickled by PyTorch 1.1 have no _qkv_same_embed_dim.
        if '_qkv_same_embed_dim' not in state:
            state['_qkv_same_embed_dim'] = True
        super().__setstate__(state)

    def _why_not_fast_path(self, query, key, value, key_padding_mask, attn_mask):
        """1.13's reason for not taking the fused kernel, '' when it takes it (the
        checks for nested tensors, autocast and other devices never apply here)."""
        if query.dim() != 3:
            return f"input not batched; expected query.dim() of 3 but got {query.dim()}"
        if query is not key or key is not value:
            return "non-self attention was used (query, key, and value are not the same Tensor)"
        if self.in_proj_bias is not None and query.dtype != self.in_proj_bias.dtype:
            return f"dtypes of query ({query.dtype}) and self.in_proj_bias ({self.in_proj_bias.dtype}) don't match"
        if self.in_proj_weight is not None and query.dtype != self.in_proj_weight.dtype:
            return (f"dtypes of query ({query.dtype}) and self.in_proj_weight ({self.in_proj_weight.dtype}) "
                    "don't match")
        if self.training:
            return "training is enabled"
        if not self.batch_first:
            return "batch_first was not True"
        if self.bias_k is not None:
            return "self.bias_k was not None"
        if self.bias_v is not None:
            return "self.bias_v was not None"
        if self.dropout:
            return f"dropout was {self.dropout}, required zero"
        if self.add_zero_attn:
            return "add_zero_attn was enabled"
        if not self._qkv_same_embed_dim:
            return "_qkv_same_embed_dim was not True"
        if attn_mask is not None:
            return "attn_mask was not None"
        if self.num_heads % 2 == 1:
            return "num_heads is odd"
        tensor_args = (query, self.in_proj_weight, self.in_proj_bias, self.out_proj.weight, self.out_proj.bias)
        if torch.is_grad_enabled() and any(x is not None and x.requires_grad for x in tensor_args):
            return ("grad is enabled and at least one of query or the "
                    "input/output projection weights or biases requires_grad")
        return ""

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True):
        is_batched = query.dim() == 3
        if key_padding_mask is not None:
            if key_padding_mask.dtype != torch.bool and not torch.is_floating_point(key_padding_mask):
                raise AssertionError("only bool and floating types of key_padding_mask are supported")
        if not self._why_not_fast_path(query, key, value, key_padding_mask, attn_mask):
            _fast_path_not_implemented("nn.MultiheadAttention", "torch._native_multi_head_attention")

        # The composite path works sequence-first; the transposes keep query, key and
        # value the same tensor where they were, which decides the in-projection.
        if self.batch_first and is_batched:
            if key is value:
                if query is key:
                    query = key = value = query.transpose(1, 0)
                else:
                    query, key = [x.transpose(1, 0) for x in (query, key)]
                    value = key
            else:
                query, key, value = [x.transpose(1, 0) for x in (query, key, value)]

        separate = {}
        if not self._qkv_same_embed_dim:
            separate = dict(use_separate_proj_weight=True, q_proj_weight=self.q_proj_weight,
                            k_proj_weight=self.k_proj_weight, v_proj_weight=self.v_proj_weight)
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias,
            self.bias_k, self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, average_attn_weights=average_attn_weights, **separate)
        if self.batch_first and is_batched:
            return attn_output.transpose(1, 0), attn_output_weights
        return attn_output, attn_output_weights

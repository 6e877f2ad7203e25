# Source: pytorch/tutorials/intermediate_source/forward_ad_usage.py
# Changed: torch.randn/rand/rand_like tensors replaced by fixed(); nn.Linear init overwritten by init_fixed(); `from torch.func import functional_call` (PyTorch 2.0) replaced by the 1.13 location torch.nn.utils.stateless.functional_call; the final functorch sections dropped; sizes 10x10 -> 4x4 and 16x5 -> 3x5; prints of the computed jvps added (marked "(added)").
# -*- coding: utf-8 -*-
"""
Forward-mode Automatic Differentiation (Beta)
=============================================
"""

import torch
import torch.autograd.forward_ad as fwAD

# Deterministic stand-in for torch.randn/torch.rand (added for the yardstick).
def fixed(*shape, seed=0, scale=1.0):
    n = 1
    for s in shape:
        n *= s
    state = seed * 7919 + 1
    vals = []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        vals.append(scale * (state / 1073741824.0 - 1.0))
    return torch.tensor(vals).reshape(shape)


# Deterministic stand-in for the random default init of nn layers (added).
def init_fixed(module, seed=0):
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            fan_in = 1
            for s in p.shape[1:]:
                fan_in *= s
            if p.dim() == 1:
                fan_in = p.shape[0]
            p.copy_(fixed(*p.shape, seed=seed + k, scale=1.0 / fan_in ** 0.5).to(p.dtype))

primal = fixed(4, 4, seed=1)
tangent = fixed(4, 4, seed=2)

def fn(x, y):
    return x ** 2 + y ** 2

# All forward AD computation must be performed in the context of
# a ``dual_level`` context.
with fwAD.dual_level():
    # To create a dual tensor we associate a tensor, which we call the
    # primal with another tensor of the same size, which we call the tangent.
    dual_input = fwAD.make_dual(primal, tangent)
    assert fwAD.unpack_dual(dual_input).tangent is tangent

    # To demonstrate the case where the copy of the tangent happens,
    # we pass in a tangent with a layout different from that of the primal
    dual_input_alt = fwAD.make_dual(primal, tangent.T)
    assert fwAD.unpack_dual(dual_input_alt).tangent is not tangent

    # Tensors that do not have an associated tangent are automatically
    # considered to have a zero-filled tangent of the same shape.
    plain_tensor = fixed(4, 4, seed=3)
    dual_output = fn(dual_input, plain_tensor)

    # Unpacking the dual returns a namedtuple with ``primal`` and ``tangent``
    # as attributes
    jvp = fwAD.unpack_dual(dual_output).tangent

assert fwAD.unpack_dual(dual_output).tangent is None
print(jvp)  # (added)
print(torch.allclose(jvp, 2 * primal * tangent))  # (added)

######################################################################
# Usage with Modules
# --------------------------------------------------------------------

import torch.nn as nn

model = nn.Linear(5, 5)
init_fixed(model, seed=4)  # (added)
input = fixed(3, 5, seed=5)

params = {name: p for name, p in model.named_parameters()}
tangents = {name: fixed(*p.shape, seed=6, scale=0.5) + 0.5 for name, p in params.items()}

with fwAD.dual_level():
    for name, p in params.items():
        delattr(model, name)
        setattr(model, name, fwAD.make_dual(p, tangents[name]))

    out = model(input)
    jvp = fwAD.unpack_dual(out).tangent
print(jvp)  # (added)

######################################################################
# Using the functional Module API (beta)
# --------------------------------------------------------------------

from torch.nn.utils.stateless import functional_call

# We need a fresh module because the functional call requires the
# the model to have parameters registered.
model = nn.Linear(5, 5)

dual_params = {}
with fwAD.dual_level():
    for name, p in params.items():
        # Using the same ``tangents`` from the above section
        dual_params[name] = fwAD.make_dual(p, tangents[name])
    out = functional_call(model, dual_params, input)
    jvp2 = fwAD.unpack_dual(out).tangent

# Check our results
assert torch.allclose(jvp, jvp2)
print(torch.allclose(jvp, jvp2))  # (added)

######################################################################
# Custom autograd Function
# --------------------------------------------------------------------

class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, foo):
        result = torch.exp(foo)
        # Tensors stored in ctx can be used in the subsequent forward grad
        # computation.
        ctx.result = result
        return result

    @staticmethod
    def jvp(ctx, gI):
        gO = gI * ctx.result
        # If the tensor stored in ctx will not also be used in the backward pass,
        # one can manually free it using ``del``
        del ctx.result
        return gO

fn = Fn.apply

primal = fixed(4, 4, seed=7).to(torch.double).requires_grad_()
tangent = fixed(4, 4, seed=8)

with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    dual_output = fn(dual_input)
    jvp = fwAD.unpack_dual(dual_output).tangent
print(jvp)  # (added)

# It is important to use ``autograd.gradcheck`` to verify that your
# custom autograd Function computes the gradients correctly.
print(torch.autograd.gradcheck(Fn.apply, (primal,), check_forward_ad=True,
                         check_backward_ad=False, check_undefined_grad=False,
                         check_batched_grad=False))

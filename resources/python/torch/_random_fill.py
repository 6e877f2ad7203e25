"""Tensor.uniform_, normal_ and bernoulli_, built on the engine's torch.rand and
torch.randn so that they draw exactly the numbers PyTorch 1.13's CPU kernels draw
for the same seed.

Note [In-place sampling from rand and randn]
PyTorch's CPU kernels (aten/src/ATen/native/cpu/DistributionTemplates.h) walk the
tensor in memory order and, per element:

* uniform_(from, to): x = one draw of torch.rand's kind (24 random bits for float32,
  53 for float64), then fma(x, to - from, from), with from and to cast to the
  tensor's dtype first;
* normal_(mean, std): a contiguous tensor of 16 elements or more gets Box-Muller
  over blocks of 16 uniforms (see _normal_fill), each value c becoming
  fma(c, std, mean) in the tensor's dtype; anything else is drawn one element at a
  time in double, as the engine's torch.randn draws tensors of fewer than 16
  elements, and fma(c, std, mean) is rounded to the dtype;
* bernoulli_(p) with a number p: uniform double u (torch.rand(dtype=float64)), u < p;
  with a tensor p: uniform float u (torch.rand), u < p.

The products of a float32 fma are exact in double, so float32 values are computed in
double and rounded once; float64 fmas are computed exactly with fractions.

A cuda tensor draws from the GPU's generator as PyTorch's CUDA kernels do, element by
element in memory order (Note [The CUDA generator] in core/random/cuda_generator.cpp).
"""

import math
import struct
from fractions import Fraction

import torch
from torch._untraced import untraced


def _fma(a, b, c):
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _memory_order(t):
    """The dimensions of t, outermost in memory first (TensorIterator's order)."""
    return sorted(range(t.dim()), key=lambda d: -t.stride(d))


def _in_memory_order(t, make):
    """make(shape) gives values in memory order; they are laid out as t's elements."""
    order = _memory_order(t)
    values = make([t.shape[d] for d in order])
    inverse = [order.index(d) for d in range(t.dim())]
    return values.permute(inverse) if inverse != list(range(t.dim())) else values


def _fill(self, values):
    """Copies the drawn values into self, as the in-place op PyTorch records."""
    return self.copy_(values)


def uniform_(self, *args, generator=None, **kwargs):
    names = ['from', 'to']
    bounds = {'from': 0.0, 'to': 1.0}
    for name, value in zip(names, args):
        bounds[name] = value
    bounds.update({k: v for k, v in kwargs.items() if k in names})
    from_, to = bounds['from'], bounds['to']
    if not self.is_floating_point():
        raise RuntimeError("\"check_uniform_bounds\" not implemented for '" + _type_name(self.dtype) + "'")
    if not from_ <= to:
        raise RuntimeError("uniform_ expects to return a [from, to) range, but found from=" + _num(from_) +
                           " > to=" + _num(to))
    if self.numel() == 0:
        return self
    dtype = self.dtype
    if self.is_cuda:
        with untraced():
            values = _in_memory_order(self, lambda shape: torch._C._cuda_uniform(shape, dtype, float(from_), float(to),
                                                                                 generator))
        return _fill(self, values)
    with untraced():
        if dtype in _REDUCED_DIGITS:
            # uniform_real_distribution<Half>: the low 11 (bfloat16: 8) bits of one 32-bit
            # draw over 2^digits, times (to - from) rounded to the dtype, plus from, in float.
            lo = torch.tensor(float(from_), dtype=dtype).item()
            span = (torch.tensor(float(to), dtype=dtype) - torch.tensor(lo, dtype=dtype)).item()
            values = _in_memory_order(self, lambda shape: (_reduced_uniform(shape, dtype, generator) * span + lo)
                                      .float().to(dtype))
        elif dtype == torch.float32:
            lo = torch.tensor(float(from_), dtype=torch.float32)
            hi = torch.tensor(float(to), dtype=torch.float32)
            span = (hi - lo).item()
            low = lo.item()
            values = _in_memory_order(self, lambda shape: (torch.rand(shape, generator=generator).double() * span
                                                           + low).float())
        else:
            span = float(to) - float(from_)
            low = float(from_)

            def make(shape):
                draws = torch.rand(shape, dtype=torch.float64, generator=generator)
                if span == 1.0 and low == 0.0:
                    return draws
                return torch.tensor([_fma(x, span, low) for x in draws.reshape(-1).tolist()],
                                    dtype=torch.float64).reshape(shape)
            values = _in_memory_order(self, make)
    return _fill(self, values)


# Mantissa bits (with the implicit one) of the 16-bit floats: what their uniform draws keep.
_REDUCED_DIGITS = {torch.float16: 11, torch.bfloat16: 8}


def _reduced_uniform(shape, dtype, generator):
    """uniform_real_distribution<Half/BFloat16>(0, 1) draws, exactly, as float64: the low
    digits bits of each 32-bit draw over 2^digits. torch.rand's float32 draw keeps the
    low 24 bits of the same number, so those bits are recovered from it."""
    digits = _REDUCED_DIGITS[dtype]
    bits24 = torch.rand(shape, generator=generator).double() * 2.0 ** 24
    return (bits24 % 2.0 ** digits) / 2.0 ** digits


def _round_float(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def _reduced_normal_fill(shape, n, dtype, mean, std, generator):
    """PyTorch's scalar normal_fill for float16 / bfloat16 (contiguous, 16 elements or more):
    the draws of _normal_fill, then Box-Muller with c10's arithmetic. float16: radius and
    theta are stored as Half, log, sqrt, cos, sin and the products are float (c10::Half
    converts to float). bfloat16: every step is rounded to bfloat16, as
    c10/util/BFloat16-math.h gives std::log, std::sqrt, std::cos and std::sin BFloat16
    overloads and BFloat16 * BFloat16 is a BFloat16."""
    def r(x):
        """Rounded as c10 stores x: through float to dtype."""
        return torch.tensor([x], dtype=torch.float64).float().to(dtype).item()

    every_step = r if dtype == torch.bfloat16 else _round_float
    m = r(float(mean))
    s = r(float(std))

    def transform(u):
        out = [0.0] * 16
        for j in range(8):
            radius = r(every_step(math.sqrt(every_step(-2 * every_step(math.log(1 - u[j]))))))
            theta = r(2.0 * math.pi * u[j + 8])
            cos_term = every_step(every_step(radius * every_step(math.cos(theta))) * s)
            sin_term = every_step(every_step(radius * every_step(math.sin(theta))) * s)
            out[j] = r(every_step(cos_term + m))
            out[j + 8] = r(every_step(sin_term + m))
        return out

    draws = _reduced_uniform([n], dtype, generator).tolist()
    values = []
    for start in range(0, n - 15, 16):
        values.extend(transform(draws[start:start + 16]))
    if n % 16:
        values = values[:n - 16] + transform(_reduced_uniform([16], dtype, generator).tolist())
    return torch.tensor(values, dtype=torch.float64).to(dtype).reshape(shape)


def _normal_fill(shape, n, dtype, mean, std, generator):
    """PyTorch's normal_fill for a contiguous float or double tensor of 16 elements or
    more: the engine's torch.randn draws exactly its standard normals (the same uniforms,
    Box-Muller blocks of 16, a partial last block redrawn; core/random/normal_fill.cpp),
    and each becomes fma(c, std, mean) in the tensor's dtype, as the kernel writes it."""
    c = torch.randn(n, dtype=dtype, generator=generator)
    if float(mean) == 0.0 and float(std) == 1.0:
        return c.reshape(shape)
    if dtype == torch.float32:
        m = torch.tensor(float(mean), dtype=torch.float32).item()
        s = torch.tensor(float(std), dtype=torch.float32).item()
        # _mm256_fmadd_ps: the product of two floats is exact in double.
        return (c.double() * s + m).float().reshape(shape)
    terms = [_fma(v, float(std), float(mean)) for v in c.tolist()]
    return torch.tensor(terms, dtype=torch.float64).reshape(shape)


def normal_(self, mean=0, std=1, *, generator=None):
    if not std >= 0.0:
        raise RuntimeError("normal expects std >= 0.0, but found std " + _num(std))
    if not self.is_floating_point():
        kernel = "normal_kernel_cuda" if self.is_cuda else "normal_kernel_cpu"
        raise RuntimeError("\"" + kernel + "\" not implemented for '" + _type_name(self.dtype) + "'")
    n = self.numel()
    if n == 0:
        return self
    dtype = self.dtype
    if self.is_cuda:
        with untraced():
            values = _in_memory_order(self, lambda shape: torch._C._cuda_normal(shape, dtype, float(mean), float(std),
                                                                                generator))
        return _fill(self, values)
    with untraced():
        if n >= 16 and self.is_contiguous() and dtype in _REDUCED_DIGITS:
            values = _reduced_normal_fill(tuple(self.shape), n, dtype, mean, std, generator)
        elif n >= 16 and self.is_contiguous():
            values = _normal_fill(tuple(self.shape), n, dtype, mean, std, generator)
        else:
            plain = float(mean) == 0.0 and float(std) == 1.0

            def make(shape):
                draws = []
                while len(draws) < n:
                    # Fewer than 16 at a time: the engine then draws one by one in
                    # double, with the generator's normal cache, as PyTorch does here.
                    count = min(15, n - len(draws))
                    draws.extend(torch.randn(count, dtype=torch.float64, generator=generator).tolist())
                if not plain:
                    draws = [_fma(c, float(std), float(mean)) for c in draws]
                return torch.tensor(draws, dtype=torch.float64).to(dtype).reshape(shape)
            values = _in_memory_order(self, make)
    return _fill(self, values)


def bernoulli_(self, p=0.5, *, generator=None):
    with untraced():
        if isinstance(p, torch.Tensor) and self.is_cuda:
            # bernoulli_kernel (CUDA): p on the GPU in float (double for a double self),
            # expanded to self's shape. A p out of [0, 1] trips a device-side assert there,
            # which leaves the GPU unusable; here it gets the CPU's message instead.
            if not p.is_floating_point():
                raise RuntimeError("expected probabilities tensor to have floating type, got " + _type_name(p.dtype))
            _check_probabilities(p)
            probs = p.expand(tuple(self.shape))
            values = torch._C._cuda_bernoulli_tensor(probs, self.dtype, generator)
        elif isinstance(p, torch.Tensor):
            if not p.is_floating_point():
                raise RuntimeError("\"bernoulli_tensor_cpu_p_\" not implemented for '" + _type_name(p.dtype) + "'")
            _check_probabilities(p)
            # bernoulli_distribution<double> for a double p (a 53-bit uniform), <float> otherwise.
            uniform = torch.float64 if p.dtype == torch.float64 else torch.float32
            probs = p.to(uniform).expand(tuple(self.shape))
            values = _in_memory_order(self, lambda shape: torch.rand(shape, dtype=uniform, generator=generator))
            values = (values < probs).to(self.dtype)
        else:
            if not 0 <= p <= 1:
                raise RuntimeError("bernoulli_ expects p to be in [0, 1], but got p=" + _num(p))
            if self.is_cuda:
                values = _in_memory_order(self, lambda shape: torch._C._cuda_bernoulli(shape, self.dtype, float(p),
                                                                                       generator))
            else:
                values = _in_memory_order(self, lambda shape: torch.rand(shape, dtype=torch.float64,
                                                                         generator=generator) < p)
                values = values.to(self.dtype)
    return _fill(self, values)


def _check_probabilities(p):
    if not bool(((p >= 0) & (p <= 1)).sum().item() == p.numel()):
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
                           "message be improved?  If so, please report an enhancement request to PyTorch.)")


def _num(x):
    """A number as PyTorch's C++ prints a double in its messages (1, 0.5, 1e-06)."""
    x = float(x)
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return '%g' % x


def _type_name(dtype):
    from torch._composites import _SCALAR_TYPE_NAMES
    return _SCALAR_TYPE_NAMES.get(dtype, str(dtype))

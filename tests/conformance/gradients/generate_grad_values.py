#!/usr/bin/python3
"""Writes grad_values.txt: forward values and input gradients computed by real PyTorch.

Run with the system Python that has PyTorch 1.13:  /usr/bin/python3 generate_grad_values.py
For every case and dtype (float32, float64) the inputs are fixed numbers, the op runs,
backward() is applied with a fixed upstream gradient, and the file records, one per line:
    case <TAB> dtype <TAB> what <TAB> shape <TAB> values
`what` is input<k>, upstream, output or grad<k> ("none" when PyTorch gave no gradient).
Values are float.hex() of the exact doubles (float32 values are exactly representable),
so the C++ side (tests/core/tst_grad_values.cpp) reads them back bit for bit.
"""
import math
import os

import torch
import torch.nn.functional as F


def values(shape, k, positive):
    if isinstance(positive, list):  # literal inputs
        return positive[k]
    n = math.prod(shape)
    out = []
    for i in range(n):
        v = 1.7 * math.sin(1.3 * i + 0.9 * k + 0.4)
        out.append(0.3 + abs(v) if positive else v)
    return out


P = True  # positive inputs
UNIT = [-0.875, -0.5, -0.125, 0.25, 0.625, 0.9375]  # inside (-1, 1), for asin, acos, atanh
CASES = [
    # name, input shapes, function, inputs: False (any sign), P (positive) or literal values
    ("add_broadcast", [(2, 3), (3,)], lambda x, y: x + y, False),
    ("add_0d", [(2, 2), ()], lambda x, w: x + w, False),
    ("add_alpha", [(2, 3), (2, 3)], lambda x, y: torch.add(x, y, alpha=2.5), False),
    ("sub", [(2, 3), (2, 3)], lambda x, y: x - y, False),
    ("rsub", [(2, 3)], lambda x: 2 - x, False),
    ("mul", [(2, 3), (2, 3)], lambda x, y: x * y, False),
    ("div", [(2, 3), (2, 3)], lambda x, y: x / y, P),
    ("rdiv", [(2, 3)], lambda x: 2 / x, P),
    ("pow_scalar", [(2, 3)], lambda x: x ** 3, False),
    ("pow_fractional", [(2, 3)], lambda x: x ** 1.5, P),
    ("pow_tensor", [(2, 3), (2, 3)], lambda x, y: x ** y, P),
    ("rpow", [(2, 3)], lambda x: 2 ** x, False),
    ("exp", [(2, 3)], lambda x: x.exp(), False),
    ("log", [(2, 3)], lambda x: x.log(), P),
    ("sqrt", [(2, 3)], lambda x: x.sqrt(), P),
    ("rsqrt", [(2, 3)], lambda x: x.rsqrt(), P),
    ("abs", [(2, 3)], lambda x: x.abs(), False),
    ("sin", [(2, 3)], lambda x: x.sin(), False),
    ("cos", [(2, 3)], lambda x: x.cos(), False),
    ("tanh", [(2, 3)], lambda x: x.tanh(), False),
    ("sigmoid", [(2, 3)], lambda x: x.sigmoid(), False),
    ("relu", [(2, 3)], lambda x: x.relu(), False),
    ("leaky_relu", [(2, 3)], lambda x: F.leaky_relu(x, 0.2), False),
    ("gelu", [(2, 3)], lambda x: F.gelu(x), False),
    ("gelu_tanh", [(2, 3)], lambda x: F.gelu(x, approximate="tanh"), False),
    ("selu", [(2, 3)], lambda x: F.selu(x), False),
    ("celu", [(2, 3)], lambda x: F.celu(x, 0.5), False),
    ("threshold", [(2, 3)], lambda x: F.threshold(x, 0.2, -1.0), False),
    ("hardshrink", [(2, 3)], lambda x: F.hardshrink(x), False),
    ("softshrink", [(2, 3)], lambda x: F.softshrink(x, 0.3), False),
    ("hardsigmoid", [(2, 3)], lambda x: F.hardsigmoid(x), False),
    ("hardswish", [(2, 3)], lambda x: F.hardswish(x), False),
    ("logsigmoid", [(2, 3)], lambda x: F.logsigmoid(x), False),
    ("mish", [(2, 3)], lambda x: F.mish(x), False),
    ("glu", [(2, 4)], lambda x: F.glu(x), False),
    ("prelu", [(2, 3), (3,)], lambda x, w: F.prelu(x, w), False),
    ("prelu_shared", [(2, 3), (1,)], lambda x, w: F.prelu(x, w), False),
    ("clamp", [(2, 3)], lambda x: x.clamp(-0.8, 0.9), False),
    ("frac", [(2, 3)], lambda x: x.frac(), False),
    ("log2", [(2, 3)], lambda x: x.log2(), P),
    ("log10", [(2, 3)], lambda x: x.log10(), P),
    ("exp2", [(2, 3)], lambda x: x.exp2(), False),
    ("tan", [(2, 3)], lambda x: x.tan(), False),
    ("atan", [(2, 3)], lambda x: x.atan(), False),
    ("asin", [(2, 3)], lambda x: x.asin(), [UNIT]),
    ("acos", [(2, 3)], lambda x: x.acos(), [UNIT]),
    ("sinh", [(2, 3)], lambda x: x.sinh(), False),
    ("cosh", [(2, 3)], lambda x: x.cosh(), False),
    ("asinh", [(2, 3)], lambda x: x.asinh(), False),
    ("acosh", [(2, 3)], lambda x: x.acosh(), [[1.25, 1.5, 2.75, 4.0, 9.5, 1.0625]]),
    ("atanh", [(2, 3)], lambda x: x.atanh(), [UNIT]),
    ("fmod", [(2, 3), (2, 3)], lambda x, y: torch.fmod(x, y), P),
    ("fmod_scalar", [(2, 3)], lambda x: torch.fmod(x, 0.3), False),
    ("div_floor", [(2, 3), (2, 3)], lambda x, y: torch.div(x, y, rounding_mode="floor"), P),
    ("addcmul", [(2, 3), (2, 3), (3,)], lambda s, x, y: torch.addcmul(s, x, y, value=0.5), False),
    ("addcdiv", [(2, 3), (2, 3), (2, 3)], lambda s, x, y: torch.addcdiv(s, x, y, value=-2), P),
    ("where", [(2, 3), (2, 3), (2, 3)], lambda c, x, y: torch.where(c > 0, x, y), False),
    ("masked_fill", [(2, 3)], lambda x: x.masked_fill(x > 0, 0.5), False),
    ("sum_dim", [(2, 3, 2)], lambda x: x.sum(1), False),
    ("mean", [(2, 3)], lambda x: x.mean(), False),
    ("mean_dim_keepdim", [(2, 3)], lambda x: x.mean(0, keepdim=True), False),
    ("max", [(2, 3)], lambda x: x.max(), False),
    ("max_ties", [(2, 3)], lambda x: x.max(), [[1.0, 3.0, 3.0, 0.0, 3.0, 2.0]]),
    ("min_dim_ties", [(2, 3)], lambda x: x.min(1)[0], [[1.0, 0.5, 0.5, 2.0, 2.0, 2.0]]),
    ("min", [(2, 3)], lambda x: x.min(), False),
    ("max_dim", [(3, 4)], lambda x: x.max(1)[0], False),
    ("min_dim_keepdim", [(3, 4)], lambda x: x.min(0, keepdim=True)[0], False),
    ("softmax", [(2, 4)], lambda x: x.softmax(1), False),
    ("softmax_dim0", [(3, 2)], lambda x: x.softmax(0), False),
    ("softmax_large", [(4,)], lambda x: (x * 1000).softmax(0), False),
    ("log_softmax", [(2, 4)], lambda x: F.log_softmax(x, -1), False),
    ("dot", [(4,), (4,)], lambda x, y: x @ y, False),
    ("mv", [(3, 4), (4,)], lambda x, y: x @ y, False),
    ("vm", [(3,), (3, 4)], lambda x, y: x @ y, False),
    ("mm", [(2, 3), (3, 4)], lambda x, y: x @ y, False),
    ("mm_transposed", [(3, 2), (4, 3)], lambda x, y: x.t() @ y.t(), False),
    ("bmm", [(2, 3, 4), (2, 4, 2)], lambda x, y: torch.bmm(x, y), False),
    ("matmul_b3_m", [(2, 3, 4), (4, 2)], lambda x, y: x @ y, False),
    ("matmul_m_c3", [(3, 4), (2, 4, 2)], lambda x, y: x @ y, False),
    ("matmul_b4_c3", [(2, 2, 3, 4), (2, 4, 2)], lambda x, y: x @ y, False),
    ("addmm", [(4,), (2, 3), (3, 4)], lambda b, x, y: torch.addmm(b, x, y), False),
    ("linear_2d", [(2, 4), (3, 4), (3,)], lambda x, w, b: F.linear(x, w, b), False),
    ("linear_1d", [(4,), (3, 4), (3,)], lambda x, w, b: F.linear(x, w, b), False),
    ("linear_3d", [(2, 2, 4), (3, 4), (3,)], lambda x, w, b: F.linear(x, w, b), False),
    ("mse", [(2, 3), (2, 3)], lambda x, y: F.mse_loss(x, y), False),
    ("mse_sum", [(2, 3), (2, 3)], lambda x, y: F.mse_loss(x, y, reduction="sum"), False),
    ("mse_none", [(2, 3), (2, 3)], lambda x, y: F.mse_loss(x, y, reduction="none"), False),
    ("nll", [(3, 4)], lambda x: F.nll_loss(x, torch.tensor([1, 3, 0])), False),
    ("nll_none", [(3, 4)], lambda x: F.nll_loss(x, torch.tensor([2, 0, 1]), reduction="none"), False),
    ("cross_entropy", [(3, 4)], lambda x: F.cross_entropy(x, torch.tensor([1, 3, 0])), False),
    ("cross_entropy_sum", [(3, 4)], lambda x: F.cross_entropy(x, torch.tensor([1, 3, 0]), reduction="sum"), False),
    ("cross_entropy_1d", [(4,)], lambda x: F.cross_entropy(x, torch.tensor(3)), False),
    ("cat", [(2, 3), (2, 2)], lambda x, y: torch.cat([x, y, x], 1), False),
    ("stack", [(2, 3), (2, 3)], lambda x, y: torch.stack([x, y], -1), False),
    ("index_repeated", [(4, 2)], lambda x: x[torch.tensor([[1, -3], [1, 0]])], False),
    ("index_mask", [(3, 4)], lambda x: x[x > 0], False),
    ("index_after_slice", [(3, 4)], lambda x: x[:, torch.tensor([3, 0, 3])], False),
    ("take", [(2, 3)], lambda x: x.take(torch.tensor([5, 0, -1, 5])), False),
    ("cumprod_", [(2, 3)], lambda x: (x * 1).cumprod_(1), False),
    ("pow_tensor_", [(2, 3), (2, 3)], lambda x, y: (x * 1).pow_(y), P),
    ("remainder_", [(2, 3), (2, 3)], lambda x, y: (x * 1).remainder_(y), P),
    ("expand_sum", [(3, 1)], lambda x: x.expand(2, 3, 4) * 2, False),
    ("select_slice", [(3, 4)], lambda x: x[:, 1:3][1], False),
]

DTYPES = [("float32", torch.float32), ("float64", torch.float64)]


def fmt(t):
    shape = ",".join(str(s) for s in t.shape)
    return shape, ",".join(float(v).hex() for v in t.detach().reshape(-1).double().tolist())


def main():
    lines = ["# Generated by generate_grad_values.py with PyTorch %s; do not edit." % torch.__version__,
             "# case\tdtype\twhat\tshape\tvalues (float.hex)"]
    for name, shapes, fn, positive in CASES:
        for dname, dtype in DTYPES:
            inputs = [torch.tensor(values(s, k, positive), dtype=torch.float64).to(dtype).reshape(s).requires_grad_()
                      for k, s in enumerate(shapes)]
            out = fn(*inputs)
            up = torch.tensor([0.5 + 0.25 * math.cos(0.7 * i) for i in range(out.numel())],
                              dtype=torch.float64).to(dtype).reshape(out.shape)
            out.backward(up)
            for k, x in enumerate(inputs):
                lines.append("\t".join([name, dname, "input%d" % k, *fmt(x)]))
            lines.append("\t".join([name, dname, "upstream", *fmt(up)]))
            lines.append("\t".join([name, dname, "output", *fmt(out)]))
            for k, x in enumerate(inputs):
                if x.grad is None:
                    lines.append("\t".join([name, dname, "grad%d" % k, "none", ""]))
                else:
                    lines.append("\t".join([name, dname, "grad%d" % k, *fmt(x.grad)]))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grad_values.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

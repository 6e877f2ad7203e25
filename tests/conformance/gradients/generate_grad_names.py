#!/usr/bin/python3
"""Writes grad_names.txt: for each op configuration, the grad_fn graph PyTorch builds.

Run with the system Python that has PyTorch 1.13:  /usr/bin/python3 generate_grad_names.py
Each line: case <TAB> tree <TAB> output _version <TAB> root's _saved_* names (sorted, comma-separated).
The tree is Name(next0,next1,...) down to depth 3; None marks a missing edge.
tests/core/tst_grad_names.cpp builds the same cases with the engine and compares.
"""
import os
import torch
import torch.nn.functional as F

DEPTH = 3


def leaf(*shape):
    # Distinct values (no ties), deterministic; the C++ test builds the same ones.
    n = 1
    for s in shape:
        n *= s
    return torch.tensor([i * 0.37 - 1.1 for i in range(n)], dtype=torch.float64).reshape(shape).requires_grad_()


def pos(*shape):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor([0.5 + i * 0.25 for i in range(n)], dtype=torch.float64).reshape(shape).requires_grad_()


def tree(fn, depth):
    if fn is None:
        return "None"
    name = type(fn).__name__
    if depth == 0 or not fn.next_functions:
        return name
    return name + "(" + ",".join(tree(n, depth - 1) for n, _ in fn.next_functions) + ")"


def nonleaf(t):
    return t * 1


def inplace(f):
    def run():
        y = nonleaf(leaf(2, 3))
        f(y)
        return y
    return run


CASES = [
    ("add", lambda: leaf(2, 3) + leaf(2, 3)),
    ("add_scalar", lambda: leaf(2, 3) + 2),
    ("add_broadcast", lambda: leaf(2, 3) + leaf(3)),
    ("sub", lambda: leaf(2, 3) - leaf(2, 3)),
    ("rsub", lambda: 2 - leaf(2, 3)),
    ("mul", lambda: leaf(2, 3) * leaf(2, 3)),
    ("mul_scalar", lambda: leaf(2, 3) * 3),
    ("div", lambda: leaf(2, 3) / pos(2, 3)),
    ("rdiv", lambda: 2 / pos(2, 3)),
    ("pow_scalar", lambda: leaf(2, 3) ** 2),
    ("pow_tensor", lambda: pos(2, 3) ** leaf(2, 3)),
    ("rpow", lambda: 2 ** leaf(2, 3)),
    ("pow_scalar_base", lambda: torch.pow(2.0, leaf(2, 3))),
    ("neg", lambda: -leaf(2, 3)),
    ("exp", lambda: leaf(2, 3).exp()),
    ("log", lambda: pos(2, 3).log()),
    ("sqrt", lambda: pos(2, 3).sqrt()),
    ("rsqrt", lambda: pos(2, 3).rsqrt()),
    ("abs", lambda: leaf(2, 3).abs()),
    ("sin", lambda: leaf(2, 3).sin()),
    ("cos", lambda: leaf(2, 3).cos()),
    ("tanh", lambda: leaf(2, 3).tanh()),
    ("sigmoid", lambda: leaf(2, 3).sigmoid()),
    ("relu", lambda: leaf(2, 3).relu()),
    ("leaky_relu", lambda: F.leaky_relu(leaf(2, 3), 0.2)),
    ("gelu", lambda: F.gelu(leaf(2, 3))),
    ("selu", lambda: F.selu(leaf(2, 3))),
    ("celu", lambda: F.celu(leaf(2, 3), 0.5)),
    ("threshold", lambda: F.threshold(leaf(2, 3), 0.2, -1.0)),
    ("hardshrink", lambda: F.hardshrink(leaf(2, 3))),
    ("softshrink", lambda: F.softshrink(leaf(2, 3), 0.3)),
    ("hardsigmoid", lambda: F.hardsigmoid(leaf(2, 3))),
    ("hardswish", lambda: F.hardswish(leaf(2, 3))),
    ("logsigmoid", lambda: F.logsigmoid(leaf(2, 3))),
    ("mish", lambda: F.mish(leaf(2, 3))),
    ("glu", lambda: F.glu(leaf(2, 4))),
    ("prelu", lambda: F.prelu(leaf(2, 3), pos(3))),
    ("clamp", lambda: leaf(2, 3).clamp(-0.5, 0.5)),
    ("floor", lambda: leaf(2, 3).floor()),
    ("round_decimals", lambda: torch.round(leaf(2, 3), decimals=1)),
    ("frac", lambda: leaf(2, 3).frac()),
    ("sgn", lambda: leaf(2, 3).sgn()),
    ("log2", lambda: pos(2, 3).log2()),
    ("exp2", lambda: leaf(2, 3).exp2()),
    ("tan", lambda: leaf(2, 3).tan()),
    ("atan", lambda: leaf(2, 3).atan()),
    ("asin", lambda: leaf(2, 3).asin()),
    ("acos", lambda: leaf(2, 3).acos()),
    ("sinh", lambda: leaf(2, 3).sinh()),
    ("cosh", lambda: leaf(2, 3).cosh()),
    ("asinh", lambda: leaf(2, 3).asinh()),
    ("acosh", lambda: pos(2, 3).acosh()),
    ("atanh", lambda: leaf(2, 3).atanh()),
    ("fmod", lambda: torch.fmod(leaf(2, 3), pos(2, 3))),
    ("fmod_scalar", lambda: torch.fmod(leaf(2, 3), 0.7)),
    ("div_trunc", lambda: torch.div(leaf(2, 3), pos(2, 3), rounding_mode="trunc")),
    ("addcmul", lambda: torch.addcmul(leaf(2, 3), leaf(2, 3), leaf(3), value=0.5)),
    ("addcdiv", lambda: torch.addcdiv(leaf(2, 3), leaf(2, 3), pos(2, 3), value=2)),
    ("where", lambda: torch.where(leaf(2, 3) > 0, leaf(2, 3), leaf(2, 3))),
    ("masked_fill", lambda: (lambda x: x.masked_fill(x > 0, 0.0))(leaf(2, 3))),
    ("sum", lambda: leaf(2, 3).sum()),
    ("sum_dim", lambda: leaf(2, 3).sum(1)),
    ("mean", lambda: leaf(2, 3).mean()),
    ("mean_dim_keepdim", lambda: leaf(2, 3).mean(0, keepdim=True)),
    ("max", lambda: leaf(2, 3).max()),
    ("min", lambda: leaf(2, 3).min()),
    ("max_dim", lambda: leaf(2, 3).max(1)[0]),
    ("min_dim_keepdim", lambda: leaf(2, 3).min(1, keepdim=True)[0]),
    ("kthvalue", lambda: leaf(2, 3).kthvalue(2, 1)[0]),
    ("median", lambda: leaf(2, 3).median()),
    ("median_dim_keepdim", lambda: leaf(2, 3).median(0, keepdim=True)[0]),
    ("mode", lambda: leaf(2, 3).mode(1)[0]),
    ("cummax", lambda: leaf(2, 3).cummax(1)[0]),
    ("cummin", lambda: leaf(2, 3).cummin(0)[0]),
    ("index_add", lambda: leaf(3, 2).index_add(0, torch.tensor([2, 0]), leaf(2, 2), alpha=2)),
    ("softmax", lambda: leaf(2, 3).softmax(1)),
    ("log_softmax", lambda: F.log_softmax(leaf(2, 3), -1)),
    ("dot", lambda: leaf(3) @ leaf(3)),
    ("mv", lambda: leaf(2, 3) @ leaf(3)),
    ("vm", lambda: leaf(3) @ leaf(3, 4)),
    ("mm", lambda: leaf(2, 3) @ leaf(3, 4)),
    ("mm_transposed", lambda: leaf(3, 2).t() @ leaf(4, 3).t()),
    ("b3_at_m", lambda: leaf(2, 3, 4) @ leaf(4, 5)),
    ("b3_at_v", lambda: leaf(2, 3, 4) @ leaf(4)),
    ("v_at_c3", lambda: leaf(4) @ leaf(2, 4, 5)),
    ("m_at_c3", lambda: leaf(3, 4) @ leaf(2, 4, 5)),
    ("b3_at_c3", lambda: leaf(2, 3, 4) @ leaf(2, 4, 5)),
    ("b4_at_c3", lambda: leaf(2, 2, 3, 4) @ leaf(2, 4, 5)),
    ("b3perm_at_m", lambda: leaf(2, 4, 3).permute(0, 2, 1) @ leaf(4, 5)),
    ("bmm", lambda: torch.bmm(leaf(2, 3, 4), leaf(2, 4, 5))),
    ("addmm", lambda: torch.addmm(leaf(5), leaf(3, 4), leaf(4, 5))),
    ("linear_2d", lambda: F.linear(leaf(2, 4), leaf(5, 4), leaf(5))),
    ("linear_2d_nonleaf_bias", lambda: F.linear(leaf(2, 4), leaf(5, 4), leaf(5).clone())),
    ("linear_2d_no_bias", lambda: F.linear(leaf(2, 4), leaf(5, 4))),
    ("linear_1d", lambda: F.linear(leaf(4), leaf(5, 4), leaf(5))),
    ("linear_1d_no_bias", lambda: F.linear(leaf(4), leaf(5, 4))),
    ("linear_3d", lambda: F.linear(leaf(2, 3, 4), leaf(5, 4), leaf(5))),
    ("linear_3d_no_bias", lambda: F.linear(leaf(2, 3, 4), leaf(5, 4))),
    ("linear_3d_noncontiguous", lambda: F.linear(leaf(3, 2, 4).transpose(0, 1), leaf(5, 4), leaf(5))),
    ("linear_4d", lambda: F.linear(leaf(2, 2, 3, 4), leaf(5, 4), leaf(5))),
    # torch.rnn_tanh & co.: (input [T, B, I] or [B, T, I], h_0, flat weights, has_biases, num_layers,
    # dropout, train, bidirectional, batch_first); the output's graph.
    ("rnn_tanh", lambda: torch.rnn_tanh(leaf(2, 3, 4), leaf(1, 3, 5), [leaf(5, 4), leaf(5, 5), leaf(5), leaf(5)],
                                        True, 1, 0.0, True, False, False)[0]),
    ("rnn_relu_batch_first", lambda: torch.rnn_relu(leaf(3, 2, 4), leaf(1, 3, 5), [leaf(5, 4), leaf(5, 5)],
                                                    False, 1, 0.0, True, False, True)[0]),
    ("gru_bidirectional_batch_first",
     lambda: torch.gru(leaf(3, 2, 4), leaf(2, 3, 5), [leaf(15, 4), leaf(15, 5), leaf(15), leaf(15)] * 2,
                       True, 1, 0.0, True, True, True)[0]),
    ("lstm_batch_first", lambda: torch.lstm(leaf(3, 2, 4), [leaf(1, 3, 5), leaf(1, 3, 5)],
                                            [leaf(20, 4), leaf(20, 5), leaf(20), leaf(20)],
                                            True, 1, 0.0, True, False, True)[0]),
    ("dropout", lambda: F.dropout(leaf(2, 3), 0.5)),
    ("dropout_p1", lambda: F.dropout(leaf(2, 3), 1.0)),
    ("mse", lambda: F.mse_loss(leaf(2, 3), leaf(2, 3))),
    ("mse_none", lambda: F.mse_loss(leaf(2, 3), leaf(2, 3), reduction="none")),
    ("mse_broadcast", lambda: F.mse_loss(leaf(2, 3), leaf(3))),
    ("nll", lambda: F.nll_loss(leaf(2, 3), torch.tensor([0, 2]))),
    ("nll_1d", lambda: F.nll_loss(leaf(3), torch.tensor(1))),
    ("cross_entropy", lambda: F.cross_entropy(leaf(2, 3), torch.tensor([0, 2]))),
    ("cross_entropy_1d", lambda: F.cross_entropy(leaf(3), torch.tensor(1))),
    ("cat", lambda: torch.cat([leaf(2, 3), leaf(2, 2)], 1)),
    ("stack", lambda: torch.stack([leaf(3), leaf(3)])),
    ("index", lambda: leaf(3, 2)[torch.tensor([1, 0, 1])]),
    ("index_mask", lambda: (lambda x: x[x > 0])(leaf(2, 3))),
    ("index_0d", lambda: leaf(3, 2)[torch.tensor(1)]),
    ("reshape_view", lambda: leaf(2, 3).reshape(3, 2)),
    ("reshape_copy", lambda: leaf(2, 3).t().reshape(6)),
    ("view", lambda: leaf(2, 3).view(6)),
    ("flatten", lambda: leaf(2, 3).flatten()),
    ("transpose", lambda: leaf(2, 3).transpose(0, 1)),
    ("t", lambda: leaf(2, 3).t()),
    ("permute", lambda: leaf(2, 3, 4).permute(2, 0, 1)),
    ("unsqueeze", lambda: leaf(2, 3).unsqueeze(1)),
    ("squeeze", lambda: leaf(2, 1).squeeze()),
    ("squeeze_dim", lambda: leaf(2, 1).squeeze(1)),
    ("expand", lambda: leaf(1, 3).expand(2, 3)),
    ("select_slice", lambda: leaf(2, 3)[:, 1]),
    ("narrow", lambda: leaf(2, 3).narrow(1, 1, 2)),
    ("clone", lambda: leaf(2, 3).clone()),
    ("to_float32", lambda: leaf(2, 3).to(torch.float32)),
    ("fill_", inplace(lambda y: y.fill_(2.0))),
    ("copy_", inplace(lambda y: y.copy_(leaf(2, 3)))),
    ("zero_", inplace(lambda y: y.zero_())),
    ("add_", inplace(lambda y: y.add_(leaf(2, 3)))),
    ("mul_", inplace(lambda y: y.mul_(leaf(2, 3)))),
    ("relu_", inplace(lambda y: y.relu_())),
    ("tan_", inplace(lambda y: y.tan_())),
    ("asin_", inplace(lambda y: y.asin_())),
    ("cosh_", inplace(lambda y: y.cosh_())),
    ("atanh_", inplace(lambda y: y.atanh_())),
    ("abs_", inplace(lambda y: y.abs_())),
    ("neg_", inplace(lambda y: y.neg_())),
    ("sqrt_", inplace(lambda y: y.sqrt_())),
    ("log_", inplace(lambda y: y.log_())),
    ("reciprocal_", inplace(lambda y: y.reciprocal_())),
    ("sin_", inplace(lambda y: y.sin_())),
    ("floor_", inplace(lambda y: y.floor_())),
    ("frac_", inplace(lambda y: y.frac_())),
    ("round_decimals_", inplace(lambda y: y.round_(decimals=1))),
    ("addcmul_", inplace(lambda y: y.addcmul_(leaf(2, 3), leaf(2, 3)))),
    ("index_add_", inplace(lambda y: y.index_add_(1, torch.tensor([2, 0]), leaf(2, 2)))),
    ("index_assign", inplace(lambda y: y.__setitem__(0, 5.0))),
    ("leaky_relu_", inplace(lambda y: F.leaky_relu_(y, 0.2))),
    ("index_put", lambda: leaf(3, 2).index_put((torch.tensor([2, 0]),), leaf(2, 2))),
    ("index_put_", inplace(lambda y: y.index_put_((torch.tensor([1, 1]),), leaf(3), accumulate=True))),
    ("index_put_mask_", inplace(lambda y: y.index_put_((torch.tensor([True, False]),), leaf()))),
    ("index_after_slice", lambda: leaf(2, 3)[:, torch.tensor([2, 0])]),
    ("index_apart", lambda: leaf(3, 2, 4)[torch.tensor([1, 1]), :, torch.tensor([3, 0])]),
    ("remainder_", inplace(lambda y: y.remainder_(pos(2, 3)))),
    ("fmod_", inplace(lambda y: y.fmod_(pos(2, 3)))),
    ("pow_tensor_", inplace(lambda y: y.pow_(leaf(2, 3)))),
    ("cumsum_", inplace(lambda y: y.cumsum_(1))),
    ("cumprod_", inplace(lambda y: y.cumprod_(0))),
    ("take", lambda: leaf(2, 3).take(torch.tensor([5, 0, 5]))),
    ("unique", lambda: torch.unique(leaf(2, 3))),
]


def main():
    torch.manual_seed(0)
    lines = ["# Generated by generate_grad_names.py with PyTorch %s; do not edit." % torch.__version__,
             "# case\ttree\toutput _version\troot _saved_* names"]
    for name, build in CASES:
        out = build()
        fn = out.grad_fn
        saved = sorted(a[len("_saved_"):] for a in dir(fn) if a.startswith("_saved_"))
        lines.append("\t".join([name, tree(fn, DEPTH), str(out._version), ",".join(saved)]))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grad_names.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

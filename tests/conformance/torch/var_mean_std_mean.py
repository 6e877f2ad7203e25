# torch.var_mean / torch.std_mean: one Welford pass (also over every element, where
# torch.var takes two passes), a plain tuple, one node with two outputs
# (VarMeanBackward0 / StdMeanBackward0) and its saved attributes, gradients through
# either output or both, dims / keepdim / unbiased / correction, empty and 0-d inputs,
# double backward; the argument parser's errors.
import math, struct, torch

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0) + 10.0)
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def run(label, call):
    try:
        out = call()
        print(label, type(out).__name__, [(t.tolist(), t.dtype, t.grad_fn.name() if t.grad_fn else None) for t in out])
    except (TypeError, RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)

for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values(4 * 5 * 6, 3, 3.0), dtype=dtype).reshape(4, 5, 6)
    for kwargs in ({}, {'dim': 0}, {'dim': -1}, {'dim': (0, 2)}, {'dim': (2, 0), 'keepdim': True}, {'dim': 1, 'unbiased': False},
                   {'dim': None, 'correction': 0}, {'dim': [0, 1, 2], 'correction': 2}, {'dim': 1, 'correction': None}):
        for f in (torch.var_mean, torch.std_mean):
            spread, mean = f(x, **kwargs)
            print(f.__name__, kwargs, digest(spread), digest(mean), tuple(spread.shape))
    # the pass over every element is Welford's, not var's two passes
    print(digest(torch.var_mean(x)[0]), digest(torch.var(x)), digest(torch.std_mean(x, False)[0]))
    print(digest(torch.var_mean(x.transpose(0, 2), 1)[0]), digest(torch.std_mean(x[:, ::2], (0, 1))[1]))

a = torch.tensor([[1.5, -2., 4.25, 0.5], [3., 3., 3., 3.], [7., -1., 0., 2.]], requires_grad=True)
for call in (lambda: torch.var_mean(a), lambda: torch.var_mean(a, False), lambda: torch.std_mean(a, 1),
             lambda: torch.std_mean(a, (0, 1), correction=0), lambda: torch.var_mean(a, dim=None, correction=None),
             lambda: torch.var_mean(a, [1], False, True), lambda: torch.std_mean(a, dim=0, keepdim=True, unbiased=False),
             lambda: torch.var_mean(a, 1, correction=-1), lambda: torch.std_mean(input=a, dim=1)):
    r = call()
    node = r[0].grad_fn
    print(type(r).__name__, len(r), r[0], r[1], node.name(), node is r[1].grad_fn, r[0].output_nr, r[1].output_nr,
          node._saved_dim, node._saved_correction, node._saved_keepdim, node._saved_self is a)
s, m = torch.std_mean(a, 1)
print(s.grad_fn._saved_result0.equal(s), s.grad_fn.next_functions[0][0].name())

weights = torch.tensor([1., -2., 3.])
for f in (torch.var_mean, torch.std_mean):
    for dims in ((1,), None, (0, 1)):
        for use in ("spread", "mean", "both"):
            a.grad = None
            spread, mean = f(a, dims) if dims is not None else f(a)
            if spread.dim() == 0:
                loss = {"spread": spread, "mean": mean * 3, "both": spread + mean * 3}[use]
            else:
                loss = {"spread": (spread * weights).sum(), "mean": (mean * weights).sum(),
                        "both": (spread * weights).sum() + (mean * weights * 0.5).sum()}[use]
            loss.backward()
            print(f.__name__, dims, use, a.grad.tolist())
a.grad = None
spread, mean = torch.var_mean(a, 1, keepdim=True)
(spread * mean).sum().backward()
print(a.grad.tolist())

# std of a constant row: its gradient is masked to 0, the mean's passes
c = torch.tensor([[5., 5., 5.], [1., 2., 3.]], dtype=torch.float64, requires_grad=True)
s, m = torch.std_mean(c, 1)
(s.sum() + m.sum()).backward()
print(s.tolist(), c.grad.tolist())

# double backward
d = torch.tensor([1., 2., 4., 8.], dtype=torch.float64, requires_grad=True)
v, m = torch.var_mean(d)
g, = torch.autograd.grad(v + m * m, d, create_graph=True)
print(g.tolist(), g.requires_grad)
g.sum().backward()
print(d.grad.tolist())

# after backward the node's buffers are freed, for both outputs
s, m = torch.std_mean(a, 1)
m.sum().backward()
run("second backward", lambda: (s.sum().backward(),))

# empty, 0-d, one element, no grad
run("empty dim 0", lambda: torch.var_mean(torch.empty(0, 3), 0))
run("empty all", lambda: torch.std_mean(torch.empty(0, 3)))
run("empty dim 1", lambda: torch.var_mean(torch.empty(0, 3), 1))
run("0-d", lambda: torch.std_mean(torch.tensor(3.)))
run("0-d dim", lambda: torch.var_mean(torch.tensor(3.), 0))
run("one element", lambda: torch.std_mean(torch.tensor([5.])))
run("constant", lambda: torch.std_mean(torch.tensor([[5., 5.]]), 1))
with torch.no_grad():
    run("no_grad", lambda: torch.var_mean(a, 1))

# errors
run("int", lambda: torch.var_mean(torch.tensor([1, 2, 3])))
run("int std", lambda: torch.std_mean(torch.tensor([1, 2, 3]), 0))
run("dim out of range", lambda: torch.var_mean(a, 2))
run("repeated dim", lambda: torch.var_mean(a, (0, 0)))
run("correction without dim", lambda: torch.var_mean(a, correction=1))
run("keepdim without dim", lambda: torch.std_mean(a, keepdim=True))
run("unbiased and correction", lambda: torch.var_mean(a, 1, unbiased=True, correction=1))
run("int unbiased", lambda: torch.var_mean(a, 0, 1))
print(hasattr(a, "var_mean"), hasattr(a, "std_mean"))
print(torch.var(a, 1, correction=-1).grad_fn._saved_correction, torch.std(a, 1, correction=-2).grad_fn._saved_correction)

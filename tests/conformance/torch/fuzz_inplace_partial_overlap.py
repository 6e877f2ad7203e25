# Found by the differential fuzzer: an in-place op whose input shares memory with the
# written tensor, other than as the very same elements with the same strides, is refused
# (TensorIterator's assert_no_partial_overlap, after autograd's checks and the internal
# overlap check, before the shape check). x.unsqueeze(0) and x cover the same bytes but
# their strides differ, so even that is refused; copy_ of the very same data is not.
import torch


def attempt(label, f):
    try:
        r = f()
        print(label, 'ok', r.tolist() if isinstance(r, torch.Tensor) else r)
    except RuntimeError as e:
        print(label, 'RuntimeError:', e)


def fresh():
    return torch.tensor([[1.0, 2.0], [3.0, 4.0]])


ops = {
    'add_': lambda x, y: x.add_(y), 'sub_': lambda x, y: x.sub_(y), 'mul_': lambda x, y: x.mul_(y),
    'div_': lambda x, y: x.div_(y), '+=': lambda x, y: x.__iadd__(y), '*=': lambda x, y: x.__imul__(y),
    'copy_': lambda x, y: x.copy_(y), 'pow_': lambda x, y: x.pow_(y), 'remainder_': lambda x, y: x.remainder_(y),
}
cases = {
    'same tensor': lambda x: (x, x),
    'unsqueezed': lambda x: (x.unsqueeze(0), x),
    'row of itself': lambda x: (x[0], x[1]),
    'shifted flat': lambda x: (x.view(-1)[1:], x.view(-1)[:3]),
    'transposed': lambda x: (x, x.t()),
    'same view twice': lambda x: (x[1], x[1]),
    'separate rows': lambda x: (x[0], x[1]),
    'flattened': lambda x: (x.view(-1), x.view(4)),
    'reshaped': lambda x: (x.view(1, 4), x.view(4)),
    'non-dense input': lambda x: (x[:, 0], x[:, 0]),
}
for cname, case in cases.items():
    for oname, op in ops.items():
        x = fresh()
        out, inp = case(x)
        attempt('%s %s' % (cname, oname), lambda: op(out, inp))

# The order of checks: a leaf refusal first, then the overlap, then the broadcast shape.
leaf = torch.ones(2, 2, requires_grad=True)
attempt('leaf first', lambda: leaf.unsqueeze(0).add_(leaf))
y = torch.ones(2, 3)
attempt('overlap before shape', lambda: y[0].add_(y))
attempt('setitem from itself', lambda: y.__setitem__(0, y[1]))
z = torch.arange(6.0)
attempt('setitem shifted', lambda: z.__setitem__(slice(1, 4), z[0:3]))
# Through autograd: a non-leaf view changed in place from its base.
w = torch.ones(3, requires_grad=True) * 2
attempt('non-leaf', lambda: w.unsqueeze(0).sub_(w))
print(w._version)

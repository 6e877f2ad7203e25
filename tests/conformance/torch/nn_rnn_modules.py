# nn.RNN (tanh and relu): reprs, parameter names, shapes and their seeded initialisation;
# outputs and final hidden states over layers, directions, batch_first, bias, given or
# zero initial states and unbatched input, to the last bit; grad_fn graphs (the per-step
# cells, UnbindBackward0, StackBackward0, CatBackward0, TransposeBackward1), gradients of
# inputs, initial states and every parameter; dropout between layers; PyTorch's errors.
import math, struct, warnings
import torch
import torch.nn as nn

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%s %r %s" % (tuple(t.shape), math.fsum(vals), bits)

def values(shape, seed, scale=1.0, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return torch.tensor(out, dtype=dtype).reshape(shape)

def graph(fn, depth=0, seen=None):
    seen = set() if seen is None else seen
    if fn is None:
        print('  ' * depth + 'None')
        return
    print('  ' * depth + fn.name() + (' (seen)' if fn in seen else ''))
    if fn in seen:
        return
    seen.add(fn)
    for next_fn, _ in fn.next_functions:
        graph(next_fn, depth + 1, seen)

torch.manual_seed(0)
for m in [nn.RNN(3, 4), nn.RNN(3, 4, 2), nn.RNN(3, 4, num_layers=2, nonlinearity='relu', bias=False),
          nn.RNN(3, 4, batch_first=True, bidirectional=True), nn.RNN(2, 3, 3, dropout=0.25)]:
    print(m, m.mode, m.nonlinearity, m.dropout, m._flat_weights_names)
    for name, p in m.named_parameters():
        print(' ', name, tuple(p.shape), p.requires_grad, repr(p.flatten()[0].item()), digest(p))
    print(' ', [len(w) for w in m.all_weights], len(m._flat_weights))

print(nn.RNN(3, 4, 2).weight_hh_l1)

def run(seq, batch, input_size, hidden, given_hidden=True, unbatched=False, dtype=torch.float32, **kwargs):
    torch.manual_seed(1)
    m = nn.RNN(input_size, hidden, **kwargs).to(dtype)
    dirs = 2 if m.bidirectional else 1
    if unbatched:
        x = values((seq, input_size), 3, dtype=dtype).requires_grad_()
        h0 = values((m.num_layers * dirs, hidden), 4, 0.5, dtype) if given_hidden else None
    else:
        shape = (batch, seq, input_size) if m.batch_first else (seq, batch, input_size)
        x = values(shape, 3, dtype=dtype).requires_grad_()
        h0 = values((m.num_layers * dirs, batch, hidden), 4, 0.5, dtype) if given_hidden else None
    if h0 is not None:
        h0.requires_grad_()
    out, h = m(x, h0)
    print(m, 'unbatched' if unbatched else '', dtype)
    print('  out', digest(out), out.grad_fn.name(), out._version, out.is_contiguous())
    print('  h_n', digest(h), h.grad_fn.name())
    loss = (out * values(out.shape, 5, dtype=dtype)).sum() + (h * values(h.shape, 6, dtype=dtype)).sum()
    loss.backward()
    print('  x.grad', digest(x.grad))
    if h0 is not None:
        print('  h0.grad', digest(h0.grad))
    for name, p in m.named_parameters():
        print('  %s.grad' % name, digest(p.grad))
    return out, h

out, h = run(4, 2, 3, 5)
print(out)
print(h)
graph(out.grad_fn)
run(4, 2, 3, 5, given_hidden=False)
out, h = run(3, 2, 3, 4, batch_first=True)
graph(out.grad_fn)
print(out.grad_fn._saved_dim0, out.grad_fn._saved_dim1)
run(5, 3, 2, 6, num_layers=2)
run(5, 3, 2, 6, num_layers=3, nonlinearity='relu')
out, h = run(3, 2, 3, 4, bidirectional=True)
graph(out.grad_fn)
run(6, 4, 5, 7, num_layers=2, bidirectional=True, batch_first=True)
run(4, 3, 3, 4, num_layers=2, bias=False, bidirectional=True)
run(4, 1, 3, 5, unbatched=True)
run(4, 1, 3, 5, unbatched=True, given_hidden=False, batch_first=True, num_layers=2)
run(5, 3, 4, 13, num_layers=2, bidirectional=True, dtype=torch.float64)
run(7, 16, 8, 20, num_layers=2)

# Dropout between layers: only while training, not after the last layer.
torch.manual_seed(2)
m = nn.RNN(3, 4, num_layers=3, dropout=0.5)
x = values((5, 2, 3), 7)
out_eval = m.eval()(x)[0]
torch.manual_seed(3)
out_train, h_train = m.train()(x)
print(digest(out_eval), digest(out_train), digest(h_train))
print(torch.equal(m.eval()(x)[0], out_eval))
graph(out_train.grad_fn)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    m = nn.RNN(3, 4, dropout=0.5)
    nn.RNN(3, 4, num_layers=2, dropout=0.5)
for c in caught:
    print(c.category.__name__, str(c.message))

m = nn.RNN(3, 4)
bad_calls = [
    lambda: m(torch.zeros(2, 2, 2, 3)),
    lambda: m(torch.zeros(5)),
    lambda: m(torch.zeros(5, 2, 4)),
    lambda: m(torch.zeros(5, 2, 3), torch.zeros(1, 3, 4)),
    lambda: m(torch.zeros(5, 2, 3), torch.zeros(2, 4)),
    lambda: m(torch.zeros(5, 2, 3, dtype=torch.float64)),
    lambda: m(torch.zeros(0, 2, 3)),
    lambda: m(torch.zeros(5, 3), torch.zeros(1, 1, 4)),
    lambda: m(torch.zeros(5, 3), torch.zeros(2, 4)),
    lambda: nn.RNN(3, 4, num_layers=2, bidirectional=True)(torch.zeros(5, 2, 3), torch.zeros(2, 2, 4)),
    lambda: nn.RNN(3, 4, nonlinearity='sigmoid'),
    lambda: nn.RNN(3, 4, proj_size=2),
    lambda: nn.RNN(3, 4, dropout=1.5),
    lambda: nn.RNN(3, 4, dropout=True),
]
for call in bad_calls:
    try:
        call()
        print('no error')
    except Exception as e:
        print(type(e).__name__, str(e))

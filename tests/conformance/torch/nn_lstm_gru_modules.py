# nn.LSTM and nn.GRU: reprs, parameter names, shapes and their seeded initialisation;
# outputs, h_n (and c_n) over layers, directions, batch_first, bias, given or zero initial
# states and unbatched input, to the last bit; grad_fn graphs (per-step cells,
# UnbindBackward0, StackBackward0, CatBackward0, TransposeBackward0 for the LSTM's
# batch_first output, TransposeBackward1 for the GRU's), gradients of inputs, initial
# states and every parameter; dropout between layers; PyTorch's errors.
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
for m in [nn.LSTM(3, 4), nn.LSTM(3, 4, num_layers=2, dropout=0.1, bidirectional=True),
          nn.LSTM(2, 3, bias=False, batch_first=True), nn.GRU(3, 4), nn.GRU(3, 4, 2, False, True, 0.0, True),
          nn.GRU(input_size=2, hidden_size=5, num_layers=2, dropout=0.3)]:
    print(m, m.mode, m.dropout, m.proj_size, m._flat_weights_names)
    for name, p in m.named_parameters():
        print(' ', name, tuple(p.shape), p.requires_grad, repr(p.flatten()[0].item()), digest(p))

def run(kind, seq, batch, input_size, hidden, given_hidden=True, unbatched=False, dtype=torch.float32, **kwargs):
    torch.manual_seed(1)
    m = (nn.LSTM if kind == 'lstm' else nn.GRU)(input_size, hidden, **kwargs).to(dtype)
    dirs = 2 if m.bidirectional else 1
    hshape = (m.num_layers * dirs, hidden) if unbatched else (m.num_layers * dirs, batch, hidden)
    if unbatched:
        x = values((seq, input_size), 3, dtype=dtype).requires_grad_()
    else:
        shape = (batch, seq, input_size) if m.batch_first else (seq, batch, input_size)
        x = values(shape, 3, dtype=dtype).requires_grad_()
    hx = None
    if given_hidden:
        h0 = values(hshape, 4, 0.5, dtype).requires_grad_()
        c0 = values(hshape, 8, 0.5, dtype).requires_grad_()
        hx = (h0, c0) if kind == 'lstm' else h0
    out, h = m(x, hx)
    print(m, 'unbatched' if unbatched else '', dtype)
    print('  out', digest(out), out.grad_fn.name(), out._version, out.is_contiguous())
    hs = h if kind == 'lstm' else (h,)
    for t in hs:
        print('  h', digest(t), t.grad_fn.name())
    loss = (out * values(out.shape, 5, dtype=dtype)).sum()
    for i, t in enumerate(hs):
        loss = loss + (t * values(t.shape, 6 + i, dtype=dtype)).sum()
    loss.backward()
    print('  x.grad', digest(x.grad))
    if given_hidden:
        for t in (hx if kind == 'lstm' else (hx,)):
            print('  hx.grad', digest(t.grad))
    for name, p in m.named_parameters():
        print('  %s.grad' % name, digest(p.grad))
    return out, h

for kind in ['lstm', 'gru']:
    out, h = run(kind, 3, 2, 3, 4)
    print(out)
    print(h)
    graph(out.grad_fn)
    run(kind, 4, 2, 3, 5, given_hidden=False)
    out, h = run(kind, 3, 2, 3, 4, batch_first=True)
    print(out.grad_fn.name(), out.grad_fn._saved_dim0, out.grad_fn._saved_dim1, out._is_view())
    run(kind, 5, 3, 2, 6, num_layers=2)
    out, h = run(kind, 3, 2, 3, 4, bidirectional=True)
    graph(out.grad_fn)
    run(kind, 6, 4, 5, 7, num_layers=2, bidirectional=True, batch_first=True)
    run(kind, 4, 3, 3, 4, num_layers=2, bias=False, bidirectional=True)
    run(kind, 4, 1, 3, 5, unbatched=True)
    run(kind, 4, 1, 3, 5, unbatched=True, given_hidden=False, batch_first=True, num_layers=2)
    run(kind, 5, 3, 4, 13, num_layers=2, bidirectional=True, dtype=torch.float64)
    run(kind, 7, 16, 8, 20, num_layers=2)

for make in [lambda: nn.LSTM(3, 4, num_layers=3, dropout=0.5), lambda: nn.GRU(3, 4, num_layers=2, dropout=0.4)]:
    torch.manual_seed(2)
    m = make()
    x = values((5, 2, 3), 7)
    out_eval = m.eval()(x)[0]
    torch.manual_seed(3)
    out_train = m.train()(x)[0]
    print(m, digest(out_eval), digest(out_train))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    nn.LSTM(3, 4, dropout=0.2)
    nn.GRU(3, 4, dropout=1)
for c in caught:
    print(c.category.__name__, str(c.message))

lstm, gru = nn.LSTM(3, 4), nn.GRU(3, 4, bidirectional=True)
bad_calls = [
    lambda: lstm(torch.zeros(5, 2, 4)),
    lambda: lstm(torch.zeros(5, 2, 3), (torch.zeros(1, 2, 4), torch.zeros(1, 3, 4))),
    lambda: lstm(torch.zeros(5, 2, 3), (torch.zeros(1, 1, 4), torch.zeros(1, 2, 4))),
    lambda: lstm(torch.zeros(5, 2, 3), (torch.zeros(2, 4), torch.zeros(1, 2, 4))),
    lambda: lstm(torch.zeros(5, 3), (torch.zeros(1, 1, 4), torch.zeros(1, 4))),
    lambda: lstm(torch.zeros(2, 5, 2, 3)),
    lambda: gru(torch.zeros(5, 2, 3), torch.zeros(1, 2, 4)),
    lambda: gru(torch.zeros(5, 3), torch.zeros(1, 2, 4)),
    lambda: gru(torch.zeros(5, 2, 2)),
    lambda: nn.GRU(3, 4, proj_size=1),
    lambda: nn.LSTM(3, 4, dropout=-0.1),
    lambda: nn.LSTM(3, 4, proj_size=-1),
    lambda: nn.LSTM(3, 4, proj_size=4),
]
for call in bad_calls:
    try:
        call()
        print('no error')
    except Exception as e:
        print(type(e).__name__, str(e))

# nn.RNNCell (tanh, relu), nn.LSTMCell and nn.GRUCell: reprs, parameters and their seeded
# initialisation, batched and unbatched steps with and without a hidden state, values and
# gradients to the last bit (float32 and float64), grad_fn graphs, and PyTorch's errors.
import math, struct, torch
import torch.nn as nn

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%s %r %s" % (tuple(t.shape), math.fsum(vals), bits)

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

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
cells = [nn.RNNCell(3, 5), nn.RNNCell(3, 5, bias=False, nonlinearity='relu'), nn.LSTMCell(3, 5),
         nn.LSTMCell(3, 5, bias=False), nn.GRUCell(3, 5), nn.GRUCell(4, 6, False)]
for cell in cells:
    print(cell)
    for name, p in cell.named_parameters():
        print(' ', name, tuple(p.shape), p.dtype, p.requires_grad, repr(p.flatten()[-1].item()), digest(p))

for dtype in (torch.float32, torch.float64):
    for batch in [1, 3]:
        for hidden in [4, 12, 13]:
            for kind in ['tanh', 'relu', 'lstm', 'gru']:
                torch.manual_seed(0)
                if kind == 'lstm':
                    cell = nn.LSTMCell(2, hidden)
                elif kind == 'gru':
                    cell = nn.GRUCell(2, hidden)
                else:
                    cell = nn.RNNCell(2, hidden, nonlinearity=kind)
                cell = cell.to(dtype)
                with torch.no_grad():
                    for k, p in enumerate(cell.parameters()):
                        p.copy_(torch.tensor(values(p.numel(), k + hidden, 0.6), dtype=dtype).reshape(p.shape))
                x = torch.tensor(values(batch * 2 * 3, batch, 1.5), dtype=dtype).reshape(3, batch, 2)
                h0 = torch.tensor(values(batch * hidden, 11, 0.8), dtype=dtype).reshape(batch, hidden)
                state = (h0, h0 * 0.5) if kind == 'lstm' else h0
                total = 0
                for step in range(3):
                    state = cell(x[step], state)
                    out = state[0] if kind == 'lstm' else state
                    total = total + (out * out).sum()
                    if kind == 'lstm':
                        total = total + state[1].sum()
                total.backward()
                print(dtype, batch, hidden, kind, digest(out), repr(total.item()))
                for name, p in cell.named_parameters():
                    print('   ', name, digest(p.grad))

torch.manual_seed(0)
lstm = nn.LSTMCell(3, 4)
x = torch.tensor(values(6, 1, 1.0)).reshape(2, 3)
h, c = lstm(x)
print(h, c, sep='\n')
graph(h.grad_fn)
graph(c.grad_fn)
h, c = lstm(x[0])
print('unbatched', h.shape, c.shape, h.grad_fn.name(), c.grad_fn.name())
h, c = lstm(x[0], (h, c))
print(h, c)
gru = nn.GRUCell(3, 4)
hg = gru(x)
graph(hg.grad_fn)
print(gru(x[1]).shape, gru(x[1], hg[0]).grad_fn.name())
rnn = nn.RNNCell(3, 4, nonlinearity='relu', bias=False)
hr = rnn(x)
graph(hr.grad_fn)
print(rnn(x[0]), nn.RNNCell(3, 4)(x, torch.ones(2, 4)).grad_fn.name())
print(torch.lstm_cell(x, (torch.zeros(2, 4), torch.zeros(2, 4)), lstm.weight_ih, lstm.weight_hh)[0].grad_fn.name())
print(torch.rnn_tanh_cell(x, torch.zeros(2, 4), rnn.weight_ih, rnn.weight_hh).grad_fn.name())

def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)

attempt(lambda: lstm(torch.zeros(2, 5)))
attempt(lambda: lstm(torch.zeros(2, 3), (torch.zeros(3, 4), torch.zeros(2, 4))))
attempt(lambda: lstm(torch.zeros(2, 3), (torch.zeros(2, 5), torch.zeros(2, 4))))
attempt(lambda: lstm(torch.zeros(2, 3), (torch.zeros(2, 4), torch.zeros(2, 5))))
attempt(lambda: lstm(torch.zeros(2, 3), (torch.zeros(2, 4), torch.zeros(3, 4))))
attempt(lambda: lstm(torch.zeros(1, 2, 3)))
attempt(lambda: gru(torch.zeros(2, 2)))
attempt(lambda: gru(torch.zeros(2, 3), torch.zeros(2, 7)))
attempt(lambda: gru(torch.zeros(2, 2, 3)))
attempt(lambda: rnn(torch.zeros(2, 3), torch.zeros(4, 4)))
attempt(lambda: rnn(torch.zeros(3, 3, 3)))
attempt(lambda: nn.RNNCell(3, 4, nonlinearity='gelu')(torch.zeros(2, 3)))
attempt(lambda: torch.lstm_cell(x, (torch.zeros(2, 4),), lstm.weight_ih, lstm.weight_hh))

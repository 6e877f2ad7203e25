# nn.RNN, nn.LSTM and nn.GRU on a PackedSequence (the packed overloads of torch.rnn_tanh,
# rnn_relu, lstm and gru): outputs, h_n and c_n to the last bit for sorted and unsorted
# batches, one and two layers, one and two directions, given and zero initial states,
# batch_first packing; the grad_fn graphs (per-step cells on the running sequences, cat
# of the steps, the finished sequences' hidden states cut off and joined); gradients of
# inputs, initial states and every parameter; the packed output padded again; errors.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pack_sequence, PackedSequence


def graph(fn, depth=0, seen=None, limit=4):
    seen = set() if seen is None else seen
    if fn is None or depth > limit:
        return
    print('  ' * depth + fn.name() + (' (seen)' if fn in seen else ''))
    if fn in seen:
        return
    seen.add(fn)
    for next_fn, _ in fn.next_functions:
        graph(next_fn, depth + 1, seen, limit)


def show(label, t):
    print(label, tuple(t.shape), t.grad_fn.name() if t.grad_fn is not None else None)
    print(' ', t.detach().flatten().tolist())


def run(kind, lengths, enforce_sorted=True, given_hidden=False, batch_first=False, **kwargs):
    torch.manual_seed(3)
    m = {'lstm': nn.LSTM, 'gru': nn.GRU, 'rnn': nn.RNN}[kind](2, 3, batch_first=batch_first, **kwargs)
    dirs = 2 if m.bidirectional else 1
    batch, steps = len(lengths), max(lengths)
    x = torch.randn(batch, steps, 2) if batch_first else torch.randn(steps, batch, 2)
    x.requires_grad_()
    packed = pack_padded_sequence(x, lengths, batch_first=batch_first, enforce_sorted=enforce_sorted)
    hx = None
    if given_hidden:
        h0 = torch.randn(m.num_layers * dirs, batch, 3, requires_grad=True)
        if kind == 'lstm':
            c0 = torch.randn(m.num_layers * dirs, batch, 3, requires_grad=True)
            hx = (h0, c0)
        else:
            hx = h0
    out, hidden = m(packed, hx)
    print('==', kind, lengths, enforce_sorted, given_hidden, batch_first, kwargs)
    print(type(out).__name__, out.batch_sizes.tolist(), out.sorted_indices, out.unsorted_indices)
    show('out.data', out.data)
    hiddens = hidden if kind == 'lstm' else (hidden,)
    for name, h in zip(('h_n', 'c_n'), hiddens):
        show(name, h)
    padded, lens = pad_packed_sequence(out, batch_first=batch_first)
    show('padded', padded)
    print('lengths', lens.tolist())
    loss = (padded * torch.linspace(-1, 1, padded.numel()).view(padded.shape)).sum()
    for i, h in enumerate(hiddens):
        loss = loss + (h * (i + 2)).sum()
    loss.backward()
    show('x.grad', x.grad)
    if given_hidden:
        for t in (hx if kind == 'lstm' else (hx,)):
            show('hx.grad', t.grad)
    for name, p in m.named_parameters():
        show(name, p.grad)
    return out, hidden


out, hidden = run('gru', [4, 2, 1])
graph(out.data.grad_fn)
graph(hidden.grad_fn, limit=5)
out, hidden = run('lstm', [3, 3, 1], given_hidden=True)
graph(hidden[0].grad_fn, limit=3)
graph(hidden[1].grad_fn, limit=3)
run('rnn', [2, 4, 1, 3], enforce_sorted=False)
run('rnn', [3, 1, 2], enforce_sorted=False, given_hidden=True, nonlinearity='relu')
out, hidden = run('lstm', [2, 4, 3], enforce_sorted=False, bidirectional=True, num_layers=2)
graph(out.data.grad_fn, limit=3)
graph(hidden[0].grad_fn, limit=3)
run('gru', [1, 3, 2], enforce_sorted=False, given_hidden=True, bidirectional=True, batch_first=True)
run('gru', [3, 2], num_layers=2, bias=False)
run('lstm', [4, 4, 4], batch_first=True)
run('rnn', [5], bidirectional=True, num_layers=2)

# eval mode with dropout between layers: no randomness
torch.manual_seed(5)
m = nn.LSTM(2, 3, num_layers=2, dropout=0.5).eval()
p = pack_sequence([torch.randn(3, 2), torch.randn(2, 2)])
out, (h, c) = m(p)
print(out.data.tolist(), h.tolist())

# a packed sequence of other lengths through the same module as its padded form
torch.manual_seed(6)
m = nn.GRU(2, 3)
x = torch.randn(3, 1, 2)
out_padded, h_padded = m(x)
out_packed, h_packed = m(pack_padded_sequence(x, [3]))
print(torch.equal(out_padded.squeeze(1), out_packed.data), torch.equal(h_padded, h_packed))
print(out_padded.grad_fn.name(), out_packed.data.grad_fn.name())

# errors
torch.manual_seed(7)
m = nn.LSTM(2, 3)
p = pack_sequence([torch.randn(3, 2), torch.randn(2, 2)])
for label, fn in [
    ('wrong input size', lambda: nn.LSTM(4, 3)(p)),
    ('wrong hidden batch', lambda: m(p, (torch.zeros(1, 3, 3), torch.zeros(1, 3, 3)))),
    ('wrong cell size', lambda: m(p, (torch.zeros(1, 2, 3), torch.zeros(1, 2, 4)))),
    ('wrong gru hidden', lambda: nn.GRU(2, 3)(p, torch.zeros(2, 2, 3))),
    ('3-D data', lambda: nn.GRU(2, 3)(PackedSequence(torch.zeros(5, 1, 2), p.batch_sizes))),
    ('int32 batch_sizes', lambda: torch.gru(p.data, p.batch_sizes.int(), torch.zeros(1, 2, 3),
                                            nn.GRU(2, 3)._flat_weights, True, 1, 0.0, False, False)),
    ('batch_sizes too large', lambda: torch.rnn_tanh(p.data, torch.tensor([3, 3]), torch.zeros(1, 3, 3),
                                                     nn.RNN(2, 3)._flat_weights, True, 1, 0.0, False, False)),
    ('lstm one hidden', lambda: torch.lstm(p.data, p.batch_sizes, [torch.zeros(1, 2, 3)], m._flat_weights,
                                           True, 1, 0.0, False, False)),
]:
    try:
        fn()
        print(label, 'ok')
    except Exception as e:
        print(label, type(e).__name__, e)

# nn.LSTM(..., proj_size=k): weight_hr_l{k}(_reverse) parameters of shape (proj_size,
# hidden_size), h_n and the output of proj_size features, c_n of hidden_size; one and
# several layers, bidirectional, batch_first, without biases, unbatched and packed inputs,
# dropout between layers; the graph's MmBackward0 / TBackward0 projection, gradients of
# every parameter, to the last bit.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

torch.manual_seed(0)

def run(label, lstm, x, hx=None):
    out, (h, c) = lstm(x, hx)
    data = out.data if isinstance(out, torch.nn.utils.rnn.PackedSequence) else out
    print(label, data.shape, h.shape, c.shape)
    print(" out", data.tolist())
    print(" h", h.tolist())
    print(" c", c.tolist())
    (data.pow(2).sum() + h.sum() * 0.5 + c.sum() * 0.25).backward()
    for name, p in lstm.named_parameters():
        print(" grad", name, tuple(p.shape), p.grad.tolist())
    if hx is not None:
        print(" h0 grad", hx[0].grad.tolist(), "c0 grad", hx[1].grad.tolist())

lstm = nn.LSTM(4, 6, proj_size=3)
print(lstm)
print([(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
print(lstm._flat_weights_names, [len(w) for w in lstm.all_weights])
x = torch.randn(5, 2, 4)
out, (h, c) = lstm(x)
print(out.grad_fn.name(), h.grad_fn.name(), c.grad_fn.name())
fn = h.grad_fn.next_functions[0][0]
print(fn.name(), [f[0].name() if f[0] is not None else None for f in fn.next_functions])
run("single", lstm, x)

lstm = nn.LSTM(3, 5, num_layers=2, proj_size=2)
print(lstm)
print([(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
run("two layers", lstm, torch.randn(4, 3, 3))

lstm = nn.LSTM(3, 5, num_layers=2, bidirectional=True, proj_size=4, batch_first=True)
print(lstm)
print([(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
h0 = torch.randn(4, 2, 4, requires_grad=True)
c0 = torch.randn(4, 2, 5, requires_grad=True)
run("bidirectional", lstm, torch.randn(2, 3, 3), (h0, c0))

lstm = nn.LSTM(3, 4, bias=False, proj_size=1, dtype=torch.float64)
print([(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
run("no bias float64", lstm, torch.randn(3, 2, 3, dtype=torch.float64))

lstm = nn.LSTM(2, 4, proj_size=2)
run("unbatched", lstm, torch.randn(3, 2))

lstm = nn.LSTM(2, 5, num_layers=2, bidirectional=True, proj_size=3)
seqs = torch.randn(4, 3, 2)
packed = pack_padded_sequence(seqs, [4, 2, 3], enforce_sorted=False)
run("packed", lstm, packed)
out, _ = lstm(packed)
padded, lengths = pad_packed_sequence(out)
print(padded.shape, lengths.tolist())

lstm = nn.LSTM(3, 6, num_layers=3, dropout=0.5, proj_size=2)
run("dropout", lstm, torch.randn(4, 2, 3))
lstm.eval()
out, (h, c) = lstm(torch.randn(4, 2, 3))
print(out.tolist(), h.tolist(), c.tolist())

# functional form: the flat weights include w_hr after the biases
lstm = nn.LSTM(2, 3, proj_size=1)
x = torch.randn(2, 1, 2)
out, h, c = torch.lstm(x, (torch.zeros(1, 1, 1), torch.zeros(1, 1, 3)), lstm._flat_weights, True, 1, 0.0, False, False, False)
print(out.tolist(), h.tolist(), c.tolist(), out.equal(lstm(x)[0]))

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("proj = hidden", lambda: nn.LSTM(3, 4, proj_size=4))
attempt("proj > hidden", lambda: nn.LSTM(3, 4, proj_size=5))
attempt("negative", lambda: nn.LSTM(3, 4, proj_size=-1))
attempt("GRU", lambda: nn.GRU(3, 4, proj_size=2))
attempt("RNN", lambda: nn.RNN(3, 4, proj_size=2))
lstm = nn.LSTM(3, 4, proj_size=2)
attempt("h0 of hidden_size", lambda: lstm(torch.randn(2, 1, 3), (torch.zeros(1, 1, 4), torch.zeros(1, 1, 4))))
attempt("c0 of proj_size", lambda: lstm(torch.randn(2, 1, 3), (torch.zeros(1, 1, 2), torch.zeros(1, 1, 2))))

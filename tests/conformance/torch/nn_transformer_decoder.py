# nn.TransformerDecoderLayer, nn.TransformerDecoder and nn.Transformer on the composite
# path 1.13 takes in training or with grad: reprs, seeded initialisation (Transformer's
# Xavier re-draw of every matrix), post-norm and norm_first, activations, batch_first and
# unbatched input, tgt/memory masks and key padding masks,
# Transformer.generate_square_subsequent_mask, dropout draws; outputs to the last bit,
# a grad_fn graph, gradients of inputs and every parameter; 1.13's errors.
import math, struct
import torch
import torch.nn as nn
import torch.nn.functional as F

def digest(t):
    vals = t.detach().flatten().tolist()
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

def run(title, m, inputs, show_graph=False, **kwargs):
    print('==', title)
    out = m(*inputs, **kwargs)
    print(' out', tuple(out.shape), out.grad_fn.name(), out.flatten().tolist())
    if show_graph:
        graph(out.grad_fn)
    m.zero_grad()
    for t in inputs:
        t.grad = None
    (out * values(out.shape, 99, dtype=out.dtype)).sum().backward()
    for t in inputs:
        print(' input grad', digest(t.grad))
    for name, p in m.named_parameters():
        print(' grad', name, None if p.grad is None else digest(p.grad))

for sz in (1, 3, 5):
    print(nn.Transformer.generate_square_subsequent_mask(sz))
causal = nn.Transformer.generate_square_subsequent_mask(3)

torch.manual_seed(0)
layer = nn.TransformerDecoderLayer(4, 2, dim_feedforward=6)
print(layer)
for name, p in layer.named_parameters():
    print(' ', name, tuple(p.shape), digest(p))
print(nn.TransformerDecoderLayer(4, 2, 6, activation='gelu').activation is F.gelu)

for dtype in (torch.float32, torch.float64):
    for norm_first in (False, True):
        torch.manual_seed(1)
        m = nn.TransformerDecoderLayer(4, 2, 6, dropout=0.0, norm_first=norm_first).to(dtype)
        tgt = values((3, 2, 4), 1, dtype=dtype).requires_grad_()
        mem = values((5, 2, 4), 2, dtype=dtype).requires_grad_()
        run('layer norm_first=%s %s' % (norm_first, dtype), m, (tgt, mem), show_graph=(dtype == torch.float32),
            tgt_mask=causal)

torch.manual_seed(2)
m = nn.TransformerDecoderLayer(6, 3, 5, dropout=0.0, activation=nn.GELU(), batch_first=True)
tgt = values((2, 3, 6), 3).requires_grad_()
mem = values((2, 4, 6), 4).requires_grad_()
tkpm = torch.tensor([[False, False, True], [False, False, False]])
mkpm = torch.tensor([[False, False, True, True], [False, False, False, True]])
run('batch_first masks', m, (tgt, mem), tgt_mask=causal, memory_mask=values((3, 4), 5),
    tgt_key_padding_mask=tkpm, memory_key_padding_mask=mkpm)
run('unbatched', m, (values((3, 6), 6).requires_grad_(), values((4, 6), 7).requires_grad_()),
    memory_key_padding_mask=torch.tensor([False, True, False, False]))
m.eval()
run('eval', m, (tgt, mem), tgt_mask=causal == float('-inf'))

torch.manual_seed(3)
m = nn.TransformerDecoderLayer(4, 2, 6, dropout=0.2)
tgt = values((3, 2, 4), 8).requires_grad_()
mem = values((5, 2, 4), 9).requires_grad_()
torch.manual_seed(4)
run('dropout', m, (tgt, mem), show_graph=True)
print(torch.rand(2).tolist())

torch.manual_seed(5)
dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(4, 2, 6, dropout=0.0), 2, norm=nn.LayerNorm(4))
print(dec.num_layers, dec.norm)
with torch.no_grad():
    dec.layers[1].linear2.weight.mul_(0.5)
run('decoder', dec, (tgt, mem), tgt_mask=causal, tgt_key_padding_mask=tkpm)

torch.manual_seed(6)
model = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=2, num_decoder_layers=1, dim_feedforward=6,
                       dropout=0.0)
print(model)
print(model.d_model, model.nhead, model.batch_first)
for name, p in model.named_parameters():
    print(' ', name, tuple(p.shape), digest(p))
src = values((5, 2, 4), 10).requires_grad_()
run('transformer', model, (src, tgt), show_graph=False, tgt_mask=causal, src_key_padding_mask=mkpm[:, :1].repeat(1, 5),
    memory_key_padding_mask=torch.zeros(2, 5, dtype=torch.bool))

torch.manual_seed(7)
model = nn.Transformer(d_model=6, nhead=3, num_encoder_layers=1, num_decoder_layers=2, dim_feedforward=4,
                       dropout=0.1, activation='gelu', batch_first=True, norm_first=True)
srcb = values((2, 4, 6), 11).requires_grad_()
tgtb = values((2, 3, 6), 12).requires_grad_()
torch.manual_seed(8)
run('transformer batch_first norm_first dropout', model, (srcb, tgtb), tgt_mask=causal)
run('transformer unbatched', model, (values((4, 6), 13).requires_grad_(), values((3, 6), 14).requires_grad_()))

torch.manual_seed(9)
enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0), 1)
custom = nn.Transformer(d_model=4, nhead=2, num_decoder_layers=1, dim_feedforward=6, dropout=0.0,
                        custom_encoder=enc)
print(custom.encoder is enc, len(custom.decoder.layers))
run('custom encoder', custom, (src, tgt))

model = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=6)
cases = [
    ('batch mismatch', lambda: model(values((5, 2, 4), 1), values((3, 3, 4), 2))),
    ('feature mismatch', lambda: model(values((5, 2, 3), 1), values((3, 2, 3), 2))),
    ('bad activation', lambda: nn.TransformerDecoderLayer(4, 2, activation='swish')),
    ('memory mask shape', lambda: model(values((5, 2, 4), 1), values((3, 2, 4), 2), memory_mask=torch.zeros(3, 3))),
]
for title, fn in cases:
    try:
        fn()
        print(title, 'no error')
    except Exception as e:
        print(title, type(e).__name__, e)

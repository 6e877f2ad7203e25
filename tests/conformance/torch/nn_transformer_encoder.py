# nn.TransformerEncoderLayer and nn.TransformerEncoder on the composite path 1.13 takes
# in training or with grad: reprs, parameters and their seeded initialisation (deep
# copies for the stacked layers); post-norm and norm_first, relu / gelu / 'gelu' / other
# callables and modules as activation, batch_first and unbatched input, src_mask and
# bool / float key padding masks, dropout draws; outputs to the last bit, a grad_fn
# graph, gradients of inputs and every parameter; 1.13's errors.
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

def run(title, m, x, show_graph=False, **kwargs):
    print('==', title)
    out = m(x, **kwargs)
    print(' out', tuple(out.shape), out.grad_fn.name(), out.flatten().tolist())
    if show_graph:
        graph(out.grad_fn)
    m.zero_grad()
    x.grad = None
    (out * values(out.shape, 99, dtype=out.dtype)).sum().backward()
    print(' input grad', digest(x.grad))
    for name, p in m.named_parameters():
        print(' grad', name, None if p.grad is None else digest(p.grad))

torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=6)
print(layer)
for name, p in layer.named_parameters():
    print(' ', name, tuple(p.shape), digest(p))
print(layer.norm_first, layer.activation is F.relu, layer.activation_relu_or_gelu, layer.self_attn.batch_first)
for act in ['relu', 'gelu', F.gelu, nn.ReLU(), nn.GELU(), torch.tanh, nn.Tanh()]:
    l = nn.TransformerEncoderLayer(4, 2, 6, activation=act)
    print(repr(act) if isinstance(act, str) else type(act).__name__, l.activation_relu_or_gelu,
          isinstance(l.activation, nn.Module), len(list(l.children())))
print(nn.TransformerEncoderLayer(4, 2, 6, activation=nn.GELU(), batch_first=True, norm_first=True,
                                 layer_norm_eps=1e-6, dropout=0.0))

for dtype in (torch.float32, torch.float64):
    for norm_first in (False, True):
        torch.manual_seed(1)
        m = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0, norm_first=norm_first).to(dtype)
        x = values((3, 2, 4), 1, dtype=dtype).requires_grad_()
        run('layer norm_first=%s %s' % (norm_first, dtype), m, x, show_graph=(dtype == torch.float32))

torch.manual_seed(2)
for act in ['gelu', torch.tanh, nn.ReLU()]:
    m = nn.TransformerEncoderLayer(6, 3, 5, dropout=0.0, activation=act, batch_first=True)
    x = values((2, 4, 6), 2).requires_grad_()
    run('activation %s batch_first' % getattr(act, '__name__', act), m, x)

torch.manual_seed(3)
m = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0)
x = values((3, 2, 4), 3).requires_grad_()
causal = torch.triu(torch.full((3, 3), float('-inf')), diagonal=1)
run('src_mask', m, x, src_mask=causal)
run('bool src_mask', m, x, src_mask=causal == 0)
kpm = torch.tensor([[False, False, True], [False, True, True]])
run('key padding', m, x, src_key_padding_mask=kpm)
run('float key padding + bool mask', m, x, src_key_padding_mask=values((2, 3), 4), src_mask=causal == 0)
xu = values((3, 4), 5).requires_grad_()
run('unbatched', m, xu, src_key_padding_mask=torch.tensor([False, False, True]))
m.eval()
run('eval with grad', m, x, src_key_padding_mask=kpm)
m.train()

torch.manual_seed(4)
m = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.3, norm_first=True)
x = values((3, 2, 4), 6).requires_grad_()
torch.manual_seed(5)
run('dropout', m, x, show_graph=True)
run('dropout next draw', m, x)
print(torch.rand(2).tolist())

torch.manual_seed(6)
layer = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0)
enc = nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(4))
print(enc)
print(enc.num_layers, enc.enable_nested_tensor, enc.mask_check, enc.layers[0] is layer,
      enc.layers[0].linear1.weight is enc.layers[1].linear1.weight,
      torch.equal(enc.layers[0].linear1.weight, enc.layers[1].linear1.weight))
with torch.no_grad():
    enc.layers[1].linear1.weight.mul_(-1.5)
    enc.norm.weight.fill_(2.0)
x = values((3, 2, 4), 7).requires_grad_()
run('encoder', enc, x, mask=causal, src_key_padding_mask=kpm)
enc_plain = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0, batch_first=True), 3,
                                  enable_nested_tensor=False)
print(enc_plain.norm, enc_plain.enable_nested_tensor)
xb = values((2, 3, 4), 8).requires_grad_()
run('encoder batch_first no norm', enc_plain, xb, src_key_padding_mask=kpm)
run('encoder unbatched', enc_plain, values((3, 4), 9).requires_grad_())

# eval with grad switched off for the inputs but the parameters still requiring it.
enc_plain.eval()
x_nograd = values((2, 3, 4), 10)
out = enc_plain(x_nograd, src_key_padding_mask=kpm)
print('eval, parameters require grad', out.grad_fn.name(), out.flatten().tolist())
with torch.no_grad():
    enc_nf = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, norm_first=False), 2)
    print('no_grad, training', digest(enc_nf(values((3, 2, 4), 11))))

cases = [
    ('bad activation', lambda: nn.TransformerEncoderLayer(4, 2, activation='tanh')),
    ('int key padding', lambda: m(x, src_key_padding_mask=torch.zeros(2, 3, dtype=torch.int64))),
    ('encoder int key padding', lambda: enc(x, src_key_padding_mask=torch.zeros(2, 3, dtype=torch.int32))),
    ('heads', lambda: nn.TransformerEncoderLayer(5, 2)),
    ('float key padding + float mask (1.13 fails)',
     lambda: m(x, src_key_padding_mask=values((2, 3), 4), src_mask=causal)),
    ('mask shape', lambda: enc(x, mask=torch.zeros(2, 2))),
]
for title, fn in cases:
    try:
        fn()
        print(title, 'no error')
    except Exception as e:
        print(title, type(e).__name__, e)

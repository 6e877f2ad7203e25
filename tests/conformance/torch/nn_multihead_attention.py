# nn.MultiheadAttention and F.multi_head_attention_forward on the composite path 1.13
# takes in training or with grad: reprs, parameters and their seeded initialisation;
# outputs and attention weights (averaged or per head) to the last bit for self-, cross-
# and fully separate attention, batch_first, unbatched input, bool / float / byte masks,
# add_bias_kv, add_zero_attn, kdim/vdim, bias=False, static_k/static_v and dropout;
# grad_fn graphs and the gradients of inputs and parameters; 1.13's errors and warnings.
import math, struct, warnings
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

def show_module(m):
    print(m)
    for name, p in m.named_parameters():
        print(' ', name, tuple(p.shape), p.requires_grad, repr(p.flatten()[0].item()), digest(p))

torch.manual_seed(0)
for m in [nn.MultiheadAttention(4, 2), nn.MultiheadAttention(6, 3, bias=False),
          nn.MultiheadAttention(4, 1, add_bias_kv=True, add_zero_attn=True),
          nn.MultiheadAttention(4, 2, kdim=3, vdim=5, dropout=0.25, batch_first=True)]:
    show_module(m)
    print(' ', m.embed_dim, m.kdim, m.vdim, m._qkv_same_embed_dim, m.num_heads, m.head_dim, m.dropout,
          m.batch_first, m.add_zero_attn, m.bias_k is None, m.in_proj_weight is None)
print(type(nn.MultiheadAttention(4, 2).out_proj).__name__)

def run(title, m, q, k, v, show_graph=False, **kwargs):
    print('==', title)
    out, w = m(q, k, v, **kwargs)
    print(' out', tuple(out.shape), out.grad_fn.name(), out.flatten().tolist())
    if w is None:
        print(' weights None')
    else:
        print(' weights', tuple(w.shape), w.grad_fn.name(), w.flatten().tolist())
    if show_graph:
        graph(out.grad_fn)
        if w is not None:
            graph(w.grad_fn)
    params = [p for p in m.parameters()]
    for p in params:
        p.grad = None
    leaves = [t for t in {id(t): t for t in (q, k, v)}.values() if t.requires_grad]
    for t in leaves:
        t.grad = None
    loss = (out * values(out.shape, 99, dtype=out.dtype)).sum()
    if w is not None:
        loss = loss + (w * values(w.shape, 98, dtype=w.dtype)).sum()
    loss.backward()
    for t in leaves:
        print(' input grad', digest(t.grad))
    for name, p in m.named_parameters():
        print(' grad', name, None if p.grad is None else digest(p.grad))
    return out, w

for dtype in (torch.float32, torch.float64):
    torch.manual_seed(1)
    m = nn.MultiheadAttention(4, 2).to(dtype)
    x = values((3, 2, 4), 1, dtype=dtype).requires_grad_()
    run('self %s' % dtype, m, x, x, x, show_graph=dtype == torch.float32)
    run('self no weights %s' % dtype, m, x, x, x, need_weights=False, show_graph=dtype == torch.float32)
    run('self per head %s' % dtype, m, x, x, x, average_attn_weights=False)
    mem = values((5, 2, 4), 2, dtype=dtype).requires_grad_()
    run('cross %s' % dtype, m, x, mem, mem, show_graph=dtype == torch.float32)
    vv = values((5, 2, 4), 3, dtype=dtype).requires_grad_()
    run('separate %s' % dtype, m, x, mem, vv, show_graph=dtype == torch.float32)

torch.manual_seed(2)
m = nn.MultiheadAttention(6, 3, batch_first=True)
x = values((2, 4, 6), 4).requires_grad_()
run('batch_first self', m, x, x, x, show_graph=True)
mem = values((2, 3, 6), 5).requires_grad_()
run('batch_first cross', m, x, mem, mem)
run('batch_first separate', m, x, mem, values((2, 3, 6), 6), average_attn_weights=False)
xu = values((4, 6), 7).requires_grad_()
run('unbatched', m, xu, xu, xu, show_graph=True)
run('unbatched per head', m, xu, xu, xu, average_attn_weights=False)
run('unbatched kpm', m, xu, xu, xu, key_padding_mask=torch.tensor([False, False, True, False]))
run('unbatched 3d mask', m, xu, xu, xu, attn_mask=values((3, 4, 4), 8))

torch.manual_seed(3)
m = nn.MultiheadAttention(4, 2)
x = values((3, 2, 4), 9).requires_grad_()
kpm = torch.tensor([[False, False, True], [False, True, True]])
run('bool key_padding_mask', m, x, x, x, key_padding_mask=kpm, show_graph=True)
run('float key_padding_mask', m, x, x, x, key_padding_mask=values((2, 3), 10))
causal = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
run('bool attn_mask', m, x, x, x, attn_mask=causal, show_graph=True)
run('float attn_mask', m, x, x, x, attn_mask=values((3, 3), 11))
run('3d float attn_mask', m, x, x, x, attn_mask=values((4, 3, 3), 12))
run('3d bool attn_mask + bool kpm', m, x, x, x, attn_mask=values((4, 3, 3), 13) > 0.5, key_padding_mask=kpm)
run('float attn_mask + bool kpm', m, x, x, x, attn_mask=values((3, 3), 14), key_padding_mask=kpm)
run('bool attn_mask + float kpm', m, x, x, x, attn_mask=causal, key_padding_mask=values((2, 3), 15))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    run('byte attn_mask', m, x, x, x, attn_mask=causal.to(torch.uint8))
    print([str(c.message) for c in caught])
mask_all = torch.tensor([[True, True, True], [False, False, False]])
run('fully masked row', m, x, x, x, key_padding_mask=mask_all)

torch.manual_seed(4)
m = nn.MultiheadAttention(4, 2, add_bias_kv=True)
x = values((3, 2, 4), 16).requires_grad_()
run('add_bias_kv', m, x, x, x, show_graph=True, key_padding_mask=kpm, attn_mask=causal)
m = nn.MultiheadAttention(4, 2, add_zero_attn=True)
run('add_zero_attn', m, x, x, x, show_graph=True, key_padding_mask=kpm, attn_mask=values((3, 3), 17))
m = nn.MultiheadAttention(4, 4, add_bias_kv=True, add_zero_attn=True, bias=False)
run('both, bias=False', m, x, x, x, show_graph=True, attn_mask=causal)
m = nn.MultiheadAttention(4, 2, kdim=3, vdim=5)
k = values((6, 2, 3), 18).requires_grad_()
v = values((6, 2, 5), 19).requires_grad_()
run('kdim vdim', m, x, k, v, show_graph=True, key_padding_mask=torch.zeros(2, 6, dtype=torch.bool))
m = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, bias=False, batch_first=True)
run('kdim vdim bias=False batch_first', m, x.detach().transpose(0, 1).requires_grad_(), k.detach().transpose(0, 1),
    v.detach().transpose(0, 1).requires_grad_())

# eval mode with grad enabled: still the composite path.
torch.manual_seed(5)
m = nn.MultiheadAttention(4, 2, dropout=0.5, batch_first=True).eval()
x = values((2, 3, 4), 20).requires_grad_()
run('eval with grad', m, x, x, x)
m.train()
torch.manual_seed(6)
run('dropout', m, x, x, x, show_graph=True)
torch.manual_seed(6)
run('dropout again', m, x, x, x)
run('dropout next draw', m, x, x, x)
print(torch.rand(3).tolist())
with torch.no_grad():
    out, w = m(x, x, x)
    print('no_grad training', out.requires_grad, digest(out), digest(w))

# F.multi_head_attention_forward with static keys and values.
torch.manual_seed(7)
m = nn.MultiheadAttention(4, 2)
q = values((3, 2, 4), 21).requires_grad_()
sk = values((4, 5, 2), 22).requires_grad_()
sv = values((4, 5, 2), 23).requires_grad_()
out, w = F.multi_head_attention_forward(q, q, q, 4, 2, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0,
                                        m.out_proj.weight, m.out_proj.bias, static_k=sk, static_v=sv,
                                        key_padding_mask=torch.tensor([[False] * 4 + [True], [False] * 5]))
print('static', out.flatten().tolist(), w.flatten().tolist())
(out.sum() + (w * w).sum()).backward()
print(digest(sk.grad), digest(sv.grad), digest(q.grad), digest(m.in_proj_weight.grad))
out, w = F.multi_head_attention_forward(q, q, q, 4, 2, m.in_proj_weight, m.in_proj_bias, None, None, True, 0.3,
                                        m.out_proj.weight, m.out_proj.bias, training=False)
print('functional eval', digest(out), digest(w))

# Errors, in the order 1.13 checks.
m = nn.MultiheadAttention(4, 2)
x = values((3, 2, 4), 24)
cases = [
    ('4-D query', lambda: m(x[None], x[None], x[None])),
    ('2-D key for 3-D query', lambda: m(x, x[0], x[0])),
    ('1-D kpm for batched', lambda: m(x, x, x, key_padding_mask=torch.zeros(3, dtype=torch.bool))),
    ('4-D attn_mask', lambda: m(x, x, x, attn_mask=torch.zeros(1, 1, 3, 3))),
    ('3-D key for 2-D query', lambda: m(x[:, 0], x, x)),
    ('2-D kpm for unbatched', lambda: m(x[:, 0], x[:, 0], x[:, 0], key_padding_mask=torch.zeros(2, 3))),
    ('unbatched 3-D mask shape', lambda: m(x[:, 0], x[:, 0], x[:, 0], attn_mask=torch.zeros(2, 3, 2))),
    ('int kpm', lambda: m(x, x, x, key_padding_mask=torch.zeros(2, 3, dtype=torch.int64))),
    ('embed dim', lambda: m(x[..., :3], x[..., :3], x[..., :3])),
    ('key/value shape', lambda: m(x, x, x[:2])),
    ('2-D mask shape', lambda: m(x, x, x, attn_mask=torch.zeros(3, 2))),
    ('3-D mask shape', lambda: m(x, x, x, attn_mask=torch.zeros(2, 3, 3))),
    ('int mask', lambda: m(x, x, x, attn_mask=torch.zeros(3, 3, dtype=torch.int32))),
    ('kpm shape', lambda: m(x, x, x, key_padding_mask=torch.zeros(2, 4, dtype=torch.bool))),
    ('heads', lambda: nn.MultiheadAttention(5, 2)),
    ('kdim key/value dims', lambda: nn.MultiheadAttention(4, 2, kdim=3, vdim=5)(x, x[..., :3], x[:2, :, :1])),
    ('functional heads', lambda: F.multi_head_attention_forward(x, x, x, 4, 3, m.in_proj_weight, None, None, None,
                                                                False, 0., m.out_proj.weight, None)),
    ('functional no weight', lambda: F.multi_head_attention_forward(x, x, x, 4, 2, None, None, None, None, False,
                                                                    0., m.out_proj.weight, None)),
    ('functional static_k', lambda: F.multi_head_attention_forward(x, x, x, 4, 2, m.in_proj_weight, None, None, None,
                                                                   False, 0., m.out_proj.weight, None,
                                                                   static_k=torch.zeros(3, 3, 2))),
    ('functional bias_k only', lambda: F.multi_head_attention_forward(x, x, x, 4, 2, m.in_proj_weight, None,
                                                                      torch.zeros(1, 1, 4), None, False, 0.,
                                                                      m.out_proj.weight, None)),
]
for title, fn in cases:
    try:
        fn()
        print(title, 'no error')
    except Exception as e:
        print(title, type(e).__name__, e)

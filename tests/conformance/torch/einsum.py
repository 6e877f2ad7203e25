# torch.einsum as PyTorch 1.13 computes it: the grad_fn chain of permute / unsqueeze /
# diagonal / reshape / bmm / view / sum / mul nodes with their saved sizes and dims,
# values bit for bit (float32, float64), gradients; matmul, batch matmul, outer, inner,
# trace, diagonal, transpose, sums, broadcasting ellipses, repeated and upper-case labels,
# three operands, the subscript-list form; torch.diagonal and torch.movedim; errors.
import math, struct, torch

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def tensor(shape, seed, dtype=torch.float32, grad=True):
    return torch.tensor(values(math.prod(shape), seed, 1.0), dtype=dtype).reshape(shape).requires_grad_(grad)

ATTRS = ('dims', 'dim', 'keepdim', 'self_sym_sizes', 'dim1', 'dim2', 'offset')

def chain(t):
    """The graph under t's grad_fn, depth first, each node once, with its int attributes."""
    lines, stack, seen, keep = [], [(t.grad_fn, 0)], set(), []
    while stack:
        fn, depth = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        keep.append(fn)
        attrs = [(a, getattr(fn, '_saved_' + a)) for a in ATTRS if hasattr(fn, '_saved_' + a)]
        lines.append('  ' * depth + fn.name() + ''.join(' %s=%s' % a for a in attrs))
        for next_fn, _ in reversed(fn.next_functions):
            stack.append((next_fn, depth + 1))
    return '\n'.join(lines)

cases = [
    ('ij,jk->ik', [(2, 3), (3, 4)]), ('ij,jk', [(5, 7), (7, 6)]), ('ij->ji', [(2, 3)]), ('ij->', [(2, 3)]),
    ('ij->j', [(3, 2)]), ('ij->i', [(4, 3)]), ('ii->i', [(3, 3)]), ('ii', [(4, 4)]), ('i,j->ij', [(3,), (4,)]),
    ('i,i->', [(5,), (5,)]), ('i,i', [(40,), (40,)]), ('bij,bjk->bik', [(5, 2, 3), (5, 3, 4)]),
    ('...ij,...jk', [(5, 2, 3), (3, 4)]), ('...ij,...jk->...ik', [(2, 1, 3, 4), (5, 4, 2)]), ('ij,ij->', [(2, 3), (2, 3)]),
    ('ij,ij->ij', [(2, 3), (2, 3)]), ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 2)]), ('bn,anm,bm->ba', [(2, 3), (4, 3, 5), (2, 5)]),
    ('iij->j', [(3, 3, 2)]), ('jii->ij', [(2, 3, 3)]), ('ijij->ij', [(2, 3, 2, 3)]), ('...ii->...i', [(2, 3, 3)]),
    ('i...->...', [(3, 2, 4)]), ('ij,k->', [(2, 3), (4,)]), ('ik,k->i', [(3, 5), (5,)]), ('Ab,bC->AC', [(2, 3), (3, 2)]),
    ('b i d, b j d -> b i j', [(2, 3, 4), (2, 5, 4)]), ('bhqd,bhkd->bhqk', [(2, 3, 4, 5), (2, 3, 6, 5)]),
    ('ij,ji->', [(4, 4), (4, 4)]), ('i,i,i->i', [(3,), (3,), (3,)]), ('ij->ij', [(2, 2)]), ('', [()]),
    (',->', [(), ()]), ('i,->i', [(3,), ()]), ('ij,jk->ik', [(1, 3), (3, 1)]), ('ij,jk->ik', [(2, 1), (1, 3)]),
    ('ij,kj->ik', [(20, 30), (10, 30)]), ('bij,bkj->bik', [(3, 10, 20), (3, 8, 20)]), ('ji,jk->ik', [(6, 5), (6, 7)]),
]
for equation, shapes, *dtype in cases:
    ops = [tensor(s, k + 1, *dtype) for k, s in enumerate(shapes)]
    out = torch.einsum(equation, *ops)
    print(repr(equation), tuple(out.shape), digest(out))
    print(chain(out))
    if out.requires_grad:
        (out * torch.arange(1., out.numel() + 1).reshape(out.shape)).sum().backward()
        print(' '.join(digest(o.grad) for o in ops))

for dtype in (torch.float32, torch.float64):
    a, b = tensor((3, 16, 24), 1, dtype, False), tensor((3, 24, 9), 2, dtype, False)
    print(digest(torch.einsum('bij,bjk->bik', a, b)), digest(torch.einsum('bij,bkj->bik', a, b.transpose(1, 2))),
          digest(torch.einsum('bij,bjk->ik', a, b)), digest(torch.einsum('bij->', a)), digest(torch.einsum('bii->b', a[:, :9, :9].double())),
          digest(torch.einsum('i,j->ij', a[0, 0], b[0, 0])), digest(torch.einsum('bij,bjk,bkl->bil', a, b, b.transpose(1, 2))))

x = tensor((2, 3), 7)
y = tensor((3, 4), 8)
print(digest(torch.einsum(x, [0, 1], y, [1, 2], [0, 2])), digest(torch.einsum(x, [0, Ellipsis], y, [Ellipsis, 2])),
      digest(torch.einsum('ij,jk', [x, y])), digest(torch.einsum('ij,jk', (x, y))), torch.einsum('ij,jk', x, y).grad_fn.name())
print(torch.einsum('ij->', torch.tensor([[1, 2], [3, 4]])), torch.einsum('i,i->', torch.tensor([1, 2]), torch.tensor([3, 4])),
      torch.einsum('ii', torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64)))

m = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
d = m.diagonal()
print(d, d.grad_fn.name(), d.grad_fn._saved_offset, d.grad_fn._saved_dim1, d.grad_fn._saved_dim2, d.grad_fn._saved_self_sym_sizes)
print(torch.diagonal(m, 1, 1, 2), m.diagonal(-1, 2, 1), m.diagonal(offset=2, dim1=-1, dim2=0), torch.diagonal(m, 5).shape,
      m.diagonal(-3, 1, 2).shape, d._base is m, d.is_contiguous())
m.diagonal(1, -1, -2).sum().backward()
print(m.grad)
mv = m.movedim(0, -1)
print(mv.shape, mv.grad_fn.name(), mv.grad_fn._saved_dims, torch.movedim(m, (0, 1), (2, 0)).shape,
      torch.moveaxis(m, -1, 0).shape, m.moveaxis((2,), (1,)).grad_fn._saved_dims, torch.movedim(torch.tensor(1.), 0, 0))

for call in (lambda: torch.einsum('ij,jk->ik', x), lambda: torch.einsum('ij->ik', x), lambda: torch.einsum('ij', x, y),
             lambda: torch.einsum('i', x), lambda: torch.einsum('...ijk', x), lambda: torch.einsum('ij->ii', x),
             lambda: torch.einsum('i1', x), lambda: torch.einsum('ij->j1', x), lambda: torch.einsum('ij..', x),
             lambda: torch.einsum('...i...', x), lambda: torch.einsum('ij->...j...', x), lambda: torch.einsum('ij->.', x),
             lambda: torch.einsum('ij,ij->ij', x, y), lambda: torch.einsum('ii->i', x), lambda: torch.einsum('...j,...j', tensor((2, 3), 1), tensor((4, 3), 2)),
             lambda: torch.einsum('ij,jk', x, y.double()), lambda: torch.einsum('ij'), lambda: torch.einsum(5, x),
             lambda: torch.einsum('ij', 5), lambda: torch.einsum('ij,jk', x, 5), lambda: torch.einsum(x, [0, 60]),
             lambda: x.diagonal(0, 0, 0), lambda: x.diagonal(0, 0, 3), lambda: x.diagonal(1.5), lambda: x.movedim(0, 5),
             lambda: torch.movedim(x, (0, 1), (1,)), lambda: x.movedim((0, 0), (1, 0)), lambda: x.movedim((0, 1), (1, 1))):
    try:
        call()
    except (TypeError, RuntimeError, IndexError, ValueError) as e:
        print(type(e).__name__, e)

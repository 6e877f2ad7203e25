# An op's autograd half runs before its kernel: the inputs it saves for backward are
# checked (inference tensors refused) and packed by saved-tensor hooks before the
# kernel's own shape and dtype checks, so those errors come second.
import torch
torch.manual_seed(0)

a = torch.rand(2, 3, requires_grad=True)
with torch.inference_mode():
    i3 = torch.rand(3)
    i4 = torch.rand(4)
    i44 = torch.rand(4, 4)
cases = {
    'add': lambda: a + i4, 'sub': lambda: a - i4, 'mul': lambda: a * i4, 'mul_ok': lambda: a * i3,
    'div': lambda: a / i4, 'rdiv': lambda: i4 / a, 'maximum': lambda: torch.maximum(a, i4),
    'minimum': lambda: torch.minimum(i4, a), 'atan2': lambda: torch.atan2(a, i4),
    'where': lambda: torch.where(a > 0, a, i4), 'lerp': lambda: torch.lerp(a, i4, 0.5),
    'lerp_t': lambda: torch.lerp(a, a, i4), 'pow': lambda: a ** i4,
    'matmul': lambda: a @ i44, 'mm': lambda: a.mm(i44), 'mv': lambda: a.mv(i4), 'matmul_v': lambda: i4 @ a,
    'mm_1d': lambda: a.mm(i4), 'mv_2d': lambda: a.mv(i44), 'matmul3': lambda: i44 @ a,
    'dot': lambda: a[0].dot(i4), 'bmm': lambda: a.unsqueeze(0).bmm(i44.unsqueeze(0)),
    'lerp_dtype': lambda: torch.lerp(a, a, i3.double()), 'mm_dtype': lambda: a.mm(i44.double()),
}
for name, f in cases.items():
    try:
        f()
        print(name, 'ok')
    except Exception as e:
        print(name, type(e).__name__, e)


def pack(t):
    print('  pack', tuple(t.shape))
    return t


def unpack(t):
    return t


b = torch.rand(4)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    for name, f in [('mul', lambda: a * b), ('mm', lambda: a.mm(b.view(2, 2))), ('pow', lambda: a ** b),
                    ('atan2', lambda: torch.atan2(b, a)), ('div', lambda: b / a), ('add', lambda: a + b)]:
        print(name)
        try:
            f()
        except RuntimeError as e:
            print(' ', e)

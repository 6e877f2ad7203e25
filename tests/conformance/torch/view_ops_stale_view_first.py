# View ops collect self's gradient edge before their own checks: a multi-output or no_grad
# view whose base was modified is refused first; composites (reshape, flatten, narrow, chunk)
# run their own checks before any autograd.
import torch
torch.manual_seed(0)
base = torch.rand(4, 3, dtype=torch.float64, requires_grad=True).clone()
parts = base.split(2, 0)
base.mul_(2)
p = parts[0]
for name, f in [('view', lambda: p.view(-1, 5)), ('view_ok', lambda: p.view(6)), ('transpose', lambda: p.transpose(0, 5)),
                ('permute', lambda: p.permute(0, 1, 2)), ('unsqueeze', lambda: p.unsqueeze(7)), ('squeeze', lambda: p.squeeze(4)),
                ('expand', lambda: p.expand(3, 3)), ('slice', lambda: p[:, ::-1] if False else p.narrow(1, 0, 9)),
                ('select', lambda: p.select(0, 9)), ('index', lambda: p[9]), ('reshape', lambda: p.reshape(-1, 5)),
                ('flatten', lambda: p.flatten(3)), ('t', lambda: p.t()), ('chunk', lambda: p.chunk(0)),
                ('unbind', lambda: p.unbind(5)), ('split', lambda: p.split(-1))]:
    try:
        f()
        print(name, 'ok')
    except Exception as e:
        print(name, type(e).__name__, str(e)[:90])
with torch.no_grad():
    q = base[0]
base.add_(1)
for name, f in [('view', lambda: q.view(-1, 5)), ('select', lambda: q.select(0, 9)), ('expand', lambda: q.expand(2, 2))]:
    try:
        f()
        print(name, 'ok')
    except Exception as e:
        print(name, type(e).__name__, str(e)[:90])

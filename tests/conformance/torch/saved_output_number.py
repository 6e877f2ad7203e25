# The output number in the version-mismatch message: 1.13 records it only for a saved
# output, so an input saved as itself and modified in place reads "output 0" of its new node.
import torch
def run(label, f):
    try:
        f()
    except Exception as e:
        print(label, str(e)[120:200])
x = torch.randn(3, 4, requires_grad=True)
def a():
    s, m = torch.std_mean(x, 0); y = s * m; m.add_(1); y.sum().backward()
def b():
    s, m = torch.std_mean(x, 0); y = m * 2; z = m.sin(); m.mul_(3); z.sum().backward()
def c():
    s, m = torch.std_mean(x, 0); m.mul_(m); m.sum().backward()
def d():
    s, m = torch.std_mean(x, 0); t = m.tanh(); t2 = t * 1; t.mul_(2); t2.sum().backward(); m2 = m.exp_(); m2.mul_(2); m2.sum().backward()
def e():
    s, m = torch.std_mean(x, 0); m.sin_(); m.add_(1); m.sum().backward()
def f():
    s, m = torch.std_mean(x, 0); m.add_(1); z = m.sin(); m.mul_(2); z.sum().backward()
for n, fn in [('a', a), ('b', b), ('c', c), ('d', d), ('e', e), ('f', f)]:
    run(n, fn)

for name, f in [("std_mean", lambda: torch.std_mean(x, 0)), ("aminmax", lambda: torch.aminmax(x, dim=0)), ("unbind", lambda: x.unbind(0)), ("split", lambda: x.split(1))]:
    outs = f()
    b = outs[1]
    print(name, b.output_nr if hasattr(b, 'output_nr') else None)
    try:
        b.mul_(b)
        print(' after', b.grad_fn.name(), b.output_nr)
        b.sum().backward()
    except Exception as e:
        print(' ', type(e).__name__, str(e)[:200])

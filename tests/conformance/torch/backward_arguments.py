# Tensor.backward and torch.autograd.backward are Python in 1.13: their argument errors,
# and the create_graph warning shown once for every line that calls backward.
import torch
def run(name, f):
    try:
        r = f()
        print(name, '->', r)
    except Exception as e:
        print(name, '!!', type(e).__name__, e)
x = torch.ones(2, requires_grad=True)
run('nonscalar', lambda: (x * 2).backward())
run('int grad', lambda: (x * 2).sum().backward(5))
run('list grad', lambda: (x * 2).backward([torch.ones(2)]))
run('bad shape', lambda: (x * 2).backward(torch.ones(3)))
run('no grad', lambda: torch.ones(2).sum().backward())
run('kw', lambda: (x * 2).sum().backward(gradient=torch.tensor(2.)))
run('kw bad', lambda: (x * 2).sum().backward(foo=1))
run('too many', lambda: (x * 2).sum().backward(None, None, False, None, 5))
run('inputs', lambda: (x * 2).sum().backward(inputs=[x]))
run('retain str', lambda: (x * 2).sum().backward(retain_graph='yes'))
run('create int', lambda: (x * 2).sum().backward(create_graph=0))
print(x.grad)
import warnings
y = (x * x).sum()
for i in range(3):
    y.backward(create_graph=True, retain_graph=True)
z = (x * x).sum()
z.backward(create_graph=True)

# A tensor hook may return None or a tensor of the same dtype, device and size; grad mode
# inside backward (hooks included) is create_graph, so backward() inside a hook fails.
import torch, functools
def run(name, f):
    try:
        r = f()
        print(name, '->', r)
    except Exception as e:
        print(name, '!!', type(e).__name__, e)
def mk(hook, leaf=True):
    def f():
        x = torch.ones(2, requires_grad=True)
        y = x if leaf else x * 2
        y.register_hook(hook)
        (y * 3).sum().backward()
        return x.grad
    return f
def named(g):
    return g.double()
class Callable:
    def __call__(self, g):
        return torch.ones(3)
for leaf in (True, False):
    run(f'shape leaf={leaf}', mk(lambda g: torch.ones(3), leaf))
    run(f'dtype leaf={leaf}', mk(named, leaf))
    run(f'int leaf={leaf}', mk(lambda g: 5, leaf))
    run(f'list leaf={leaf}', mk(lambda g: [g], leaf))
    run(f'callable leaf={leaf}', mk(Callable(), leaf))
    run(f'partial leaf={leaf}', mk(functools.partial(lambda a, g: torch.ones(3), 1), leaf))
    run(f'ok leaf={leaf}', mk(lambda g: g * 2, leaf))
    run(f'int64 leaf={leaf}', mk(lambda g: g.long(), leaf))
    run(f'shape0d leaf={leaf}', mk(lambda g: g.sum(), leaf))
    run(f'nonc leaf={leaf}', mk(lambda g: torch.ones(2, 2).t()[0], leaf))
def gm():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    seen = []
    y.register_hook(lambda g: seen.append(torch.is_grad_enabled()))
    y.grad_fn.register_prehook(lambda go: seen.append(('pre', torch.is_grad_enabled())))
    y.grad_fn.register_hook(lambda gi, go: seen.append(('post', torch.is_grad_enabled())))
    x.register_hook(lambda g: seen.append(('leaf', torch.is_grad_enabled())))
    y.sum().backward(retain_graph=True)
    y.sum().backward(create_graph=True)
    return seen
run('gradmode', gm)
def bw_in_hook_cg():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    def h(g):
        (x * 3).sum().backward()
        return g
    y.register_hook(h)
    y.sum().backward(create_graph=True)
    return x.grad
run('bw_in_hook_create_graph', bw_in_hook_cg)

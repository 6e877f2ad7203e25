# torch.optim.LBFGS, with the fixed step and with line_search_fn='strong_wolfe', in float64 and
# float32: every closure loss (full repr), the parameters after each step, the optimizer's repr,
# its state and state_dict, and the step's return value.
import torch

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def rosenbrock(p):
    x, y = p[0], p[1]
    return (1 - x) ** 2 + 100 * (y - x ** 2) ** 2

for dtype in (torch.float64, torch.float32):
    for line_search in (None, 'strong_wolfe'):
        print('==', dtype, line_search)
        p = torch.tensor([-1.5, 2.0], dtype=dtype, requires_grad=True)
        opt = torch.optim.LBFGS([p], lr=1, max_iter=30, history_size=5, line_search_fn=line_search)
        calls = []

        def closure():
            opt.zero_grad()
            loss = rosenbrock(p)
            calls.append(loss.item())
            loss.backward()
            return loss

        for step in range(3):
            calls.clear()
            out = opt.step(closure)
            print(step, len(calls), [repr(c) for c in calls[:6]], repr(calls[-1]))
            print('   p', [repr(v) for v in p.tolist()], 'returned', repr(out.item()), out.requires_grad)
        state = opt.state[p]
        print('   state', sorted(state.keys()), state['func_evals'], state['n_iter'], len(state['old_dirs']))
        print('   t', repr(float(state['t'])), 'H_diag', repr(float(state['H_diag'])), 'prev_loss',
              repr(state['prev_loss']))

        # a least-squares problem with several parameters (the flat vectors span them all)
        w = torch.nn.Parameter(torch.tensor(values(6, 2, 0.5), dtype=dtype).reshape(2, 3))
        b = torch.nn.Parameter(torch.zeros(2, dtype=dtype))
        unused = torch.nn.Parameter(torch.ones(3, dtype=dtype))
        xs = torch.tensor(values(30, 3, 1.0), dtype=dtype).reshape(10, 3)
        ys = torch.tensor(values(20, 4, 1.0), dtype=dtype).reshape(10, 2)
        opt = torch.optim.LBFGS([w, b, unused], lr=0.8, line_search_fn=line_search)
        losses = []

        def closure():
            opt.zero_grad()
            loss = ((xs @ w.t() + b - ys) ** 2).mean() + (w * w).sum() * 0.01
            losses.append(loss.item())
            loss.backward()
            return loss

        for step in range(2):
            losses.clear()
            opt.step(closure)
            print(step, len(losses), [repr(l) for l in losses])
        print('   w', [repr(v) for v in w.flatten().tolist()], 'b', [repr(v) for v in b.tolist()])
        print('   unused', unused.tolist(), unused.grad)

opt = torch.optim.LBFGS([torch.zeros(2, requires_grad=True)], lr=0.5)
print(opt)
print(opt.state_dict())
sd = opt.state_dict()
print(sd['param_groups'])
p = torch.tensor([0.5, -0.25], requires_grad=True)
opt = torch.optim.LBFGS([p], max_iter=3, line_search_fn='strong_wolfe')

def closure():
    opt.zero_grad()
    loss = (p ** 2).sum()
    loss.backward()
    return loss

opt.step(closure)
sd = opt.state_dict()
print(sorted(sd['state'][0].keys()), sd['state'][0]['func_evals'], sd['state'][0]['n_iter'])
print(sd['param_groups'])
at_optimum = torch.tensor([0.0, 0.0], requires_grad=True)
opt = torch.optim.LBFGS([at_optimum])

def closure():
    opt.zero_grad()
    loss = (at_optimum ** 2).sum()
    loss.backward()
    return loss

print(opt.step(closure), dict(opt.state[at_optimum]))
try:
    torch.optim.LBFGS([{'params': [p]}, {'params': [at_optimum]}])
except ValueError as e:
    print('ValueError:', e)
q = torch.tensor([1.0, 2.0], requires_grad=True)
opt = torch.optim.LBFGS([q], line_search_fn='armijo')

def closure():
    opt.zero_grad()
    loss = (q ** 2).sum()
    loss.backward()
    return loss

try:
    opt.step(closure)
except RuntimeError as e:
    print('RuntimeError:', e)

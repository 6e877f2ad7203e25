# torch.nn.utils.prune: weight_orig and weight_mask, the forward pre-hook, every pruning
# function (magnitude, random, structured by norm or at random, global, identity, custom
# mask), importance scores, pruning again (a PruningContainer), training steps, remove,
# is_pruned, and the errors.
import math
import torch
from torch import nn
import torch.nn.utils.prune as prune


def show(m, name='weight'):
    print([n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()], list(m.state_dict().keys()))
    print(getattr(m, name + '_mask').tolist())
    print(getattr(m, name).tolist(), getattr(m, name).grad_fn)


torch.manual_seed(0)
m = nn.Linear(4, 3)
orig = m.weight
print(prune.l1_unstructured(m, 'weight', amount=0.5) is m, m, m.weight_orig is orig)
show(m)
hook = list(m._forward_pre_hooks.values())[0]
print(type(hook).__name__, hook._tensor_name, hook.amount, hook.PRUNING_TYPE, prune.is_pruned(m))
x = torch.randn(5, 4)
m(x).sum().backward()
print(m.weight_orig.grad.tolist(), m.weight.is_leaf)

prune.random_unstructured(m, 'bias', amount=1)
show(m, 'bias')
prune.l1_unstructured(m, 'weight', amount=2)
hook = m._forward_pre_hooks
print([type(h).__name__ for h in hook.values()])
container = [h for h in hook.values() if isinstance(h, prune.PruningContainer)][0]
print(len(container), [type(p).__name__ for p in container], container[0].amount, container._tensor_name)
show(m)
prune.ln_structured(m, 'weight', amount=1, n=2, dim=0)
show(m)
print(len(container), type(container[-1]).__name__)

# Training: the optimizer updates weight_orig; the hook re-masks before each forward.
opt = torch.optim.SGD(m.parameters(), lr=0.1)
y = torch.randn(5, 3)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(m(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item(), m.weight.tolist())
print(prune.remove(m, 'weight') is m, [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
print(m.weight.tolist(), type(m.weight).__name__, m.weight.requires_grad)
prune.remove(m, 'bias')
print(prune.is_pruned(m), m._forward_pre_hooks)

# Structured pruning on a convolution.
torch.manual_seed(1)
conv = nn.Conv2d(3, 4, 2)
for n, dim in ((1, 0), (2, 1), (math.inf, -1), (-math.inf, 0), (0.5, 1)):
    c = nn.Conv2d(3, 4, 2)
    c.load_state_dict(conv.state_dict())
    prune.ln_structured(c, 'weight', amount=0.5, n=n, dim=dim)
    print(n, dim, c.weight_mask.sum(dim=[d for d in range(4) if d != (dim % 4)]).tolist())
prune.random_structured(conv, 'weight', amount=2, dim=0)
print(conv.weight_mask.sum(dim=[1, 2, 3]).tolist())
prune.random_structured(conv, 'weight', amount=0.5, dim=1)
print(conv.weight_mask.sum(dim=[0, 2, 3]).tolist(), conv.weight_mask.sum().item())
prune.ln_structured(conv, 'weight', amount=0, n=1, dim=0)
print(conv.weight_mask.sum().item())

# identity, custom_from_mask, importance scores, amount 0.
lin = nn.Linear(3, 2)
prune.identity(lin, 'weight')
show(lin)
prune.custom_from_mask(lin, 'bias', mask=torch.tensor([0, 1]))
show(lin, 'bias')
prune.custom_from_mask(lin, 'weight', mask=torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]))
print(lin.weight_mask.tolist())
lin = nn.Linear(3, 2)
scores = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
prune.l1_unstructured(lin, 'weight', amount=3, importance_scores=scores)
print(lin.weight_mask.tolist())
lin = nn.Linear(3, 2)
prune.l1_unstructured(lin, 'weight', amount=0.0)
print(lin.weight_mask.tolist())
prune.ln_structured(nn.Linear(3, 2), 'weight', amount=1, n=1, dim=1, importance_scores=scores)

# global_unstructured over several tensors, twice.
torch.manual_seed(2)
net = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
parameters = ((net[0], 'weight'), (net[2], 'weight'), (net[2], 'bias'))
print(prune.global_unstructured(parameters, pruning_method=prune.L1Unstructured, amount=0.4))
print(net[0].weight_mask.tolist(), net[2].weight_mask.tolist(), net[2].bias_mask.tolist())
prune.global_unstructured(parameters, pruning_method=prune.RandomUnstructured, amount=3)
print(net[0].weight_mask.sum().item(), net[2].weight_mask.sum().item(), net[2].bias_mask.sum().item())
print(prune.is_pruned(net), prune.is_pruned(net[1]), list(net.state_dict().keys()))
print(net)

# The methods used directly.
t = torch.tensor([[0.5, -2.0, 1.0], [3.0, -0.1, 0.2]])
print(prune.L1Unstructured(amount=2).prune(t).tolist())
print(prune.LnStructured(amount=1, n=1, dim=0).compute_mask(t, torch.ones_like(t)).tolist())
print(prune.CustomFromMask(torch.tensor([[1, 0, 1], [1, 1, 0]])).prune(t).tolist())

# The errors.
for call in (lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount=1.5),
             lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount=-1),
             lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount='half'),
             lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount=5),
             lambda: prune.random_structured(nn.Linear(2, 2), 'bias', amount=1, dim=0),
             lambda: prune.ln_structured(nn.Linear(2, 2), 'weight', amount=1, n=2, dim=2),
             lambda: prune.remove(nn.Linear(2, 2), 'weight'),
             lambda: prune.global_unstructured(5, prune.L1Unstructured, amount=1),
             lambda: prune.global_unstructured([(nn.Linear(2, 2), 'weight')], prune.L1Unstructured,
                                               importance_scores=[1], amount=1),
             lambda: prune.global_unstructured([(nn.Linear(2, 2), 'weight')], prune.RandomStructured, amount=1),
             lambda: prune.PruningContainer(prune.Identity(), 3),
             lambda: prune.l1_unstructured(nn.Linear(2, 2), 'missing', amount=1)):
    try:
        call()
    except (TypeError, ValueError, IndexError, AttributeError) as e:
        print(type(e).__name__, e)
m = nn.Linear(3, 2)
try:
    prune.l1_unstructured(m, 'weight', amount=7)
except ValueError as e:
    print(type(e).__name__, e)
print([n for n, _ in m.named_parameters()], m._forward_pre_hooks)
method = prune.Identity()
method._tensor_name = 'weight'
container = prune.PruningContainer(method)
try:
    other = prune.Identity()
    other._tensor_name = 'bias'
    container.add_pruning_method(other)
except ValueError as e:
    print(type(e).__name__, str(e).split(' PruningContainer')[0])
try:
    container.add_pruning_method(nn.Linear(1, 1))
except TypeError as e:
    print(type(e).__name__, e)

# The assertions of apply and remove.
m = nn.Linear(2, 2)
prune.identity(m, 'weight')
extra = prune.Identity()
extra._tensor_name = 'weight'
m.register_forward_pre_hook(extra)
unnamed = prune.Identity()
unnamed._tensor_name = None
for call in (lambda: prune.identity(m, 'weight'),
             lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', 1, importance_scores=torch.ones(3)),
             lambda: prune.Identity().remove(m), lambda: unnamed.remove(m)):
    try:
        call()
    except (AssertionError, AttributeError) as e:
        print(type(e).__name__, e)

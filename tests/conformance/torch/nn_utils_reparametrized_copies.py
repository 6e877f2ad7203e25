# Weight-normed, spectral-normed, parametrized and pruned modules copied: deepcopy, a
# state_dict loaded into a second module prepared the same way, a plain module's state dict
# loaded after removal, and transfer_parametrizations_and_params.
import copy
import torch
from torch import nn
from torch.nn.utils import parametrize
import torch.nn.utils.prune as prune


class Double(nn.Module):
    def forward(self, X):
        return X * 2

    def right_inverse(self, Y):
        return Y / 2


torch.manual_seed(0)
x = torch.randn(4, 5)
makers = (
    ('weight_norm', lambda: nn.utils.weight_norm(nn.Linear(5, 3))),
    ('spectral_norm', lambda: nn.utils.spectral_norm(nn.Linear(5, 3))),
    ('parametrize', lambda: parametrize.register_parametrization(nn.Linear(5, 3), 'weight', Double())),
    ('parametrizations.spectral_norm', lambda: nn.utils.parametrizations.spectral_norm(nn.Linear(5, 3))),
    ('prune', lambda: prune.l1_unstructured(nn.Linear(5, 3), 'weight', amount=0.4)),
)
for name, make in makers:
    a = make()
    if name in ('weight_norm', 'prune'):
        # module.weight is computed, not a leaf, which deepcopy refuses; the next forward
        # sets it again.
        del a.weight
    b = copy.deepcopy(a)
    a(x)
    print(name, type(b).__name__, [n for n, _ in b.named_parameters()], [n for n, _ in b.named_buffers()])
    print(torch.equal(a(x), b(x)), len(b._forward_pre_hooks))
    c = make()
    print(c.load_state_dict(a.state_dict()))
    a.eval()
    c.eval()
    print(torch.equal(a(x), c(x)), c(x).sum().item())
    # Training the copy leaves the original alone.
    b.train()
    opt = torch.optim.SGD(b.parameters(), lr=0.5)
    b(x).pow(2).sum().backward()
    opt.step()
    print(torch.equal(a(x), b(x)), b(x).sum().item())

# After removal a module takes a plain module's state dict (weight_norm, prune, parametrize).
for name, make, undo in (('weight_norm', lambda: nn.utils.weight_norm(nn.Linear(5, 3)), nn.utils.remove_weight_norm),
                         ('prune', lambda: prune.random_unstructured(nn.Linear(5, 3), 'weight', amount=2),
                          lambda m: prune.remove(m, 'weight')),
                         ('parametrize', lambda: parametrize.register_parametrization(nn.Linear(5, 3), 'weight',
                                                                                   Double()),
                          lambda m: parametrize.remove_parametrizations(m, 'weight'))):
    m = undo(make())
    print(name, list(m.state_dict().keys()), m.load_state_dict(nn.Linear(5, 3).state_dict()))

# transfer_parametrizations_and_params: the same parametrization objects, the same originals.
src = parametrize.register_parametrization(nn.Linear(5, 3), 'weight', Double())
dst = parametrize.transfer_parametrizations_and_params(src, nn.Linear(5, 3))
print(type(dst).__name__, torch.equal(src.weight, dst.weight),
      dst.parametrizations.weight[0] is src.parametrizations.weight[0],
      dst.parametrizations.weight.original is src.parametrizations.weight.original)
empty = nn.Module()
dst = parametrize.transfer_parametrizations_and_params(src, empty, 'weight')
print(type(dst).__name__, torch.equal(src.weight, dst.weight), [n for n, _ in dst.named_parameters()])

# torch.nn.utils.parametrize: register_parametrization (one, then a chain), the
# Parametrized<Class> class and its property, parametrizations.<name>.original, right_inverse
# on assignment, originals from a sequence, cached(), remove_parametrizations both ways,
# state_dict keys, reprs, training steps; parametrizations.spectral_norm; the errors.
import torch
from torch import nn
from torch.nn.utils import parametrize, parametrizations


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(0, 1)

    def right_inverse(self, A):
        return A.triu()


class Scale(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor
        self.calls = 0

    def forward(self, X):
        self.calls += 1
        return X * self.factor

    def right_inverse(self, A):
        return A / self.factor


class NoInverse(nn.Module):
    def forward(self, X):
        return X.exp()


class Split(nn.Module):
    # Two originals: the weight is their sum.
    def forward(self, A, B):
        return A + B

    def right_inverse(self, X):
        return (X * 0.25, X * 0.75)


def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + type(fn).__name__)
    for next_fn, _ in fn.next_functions:
        walk(next_fn, depth + 1)


torch.manual_seed(0)
layer = nn.Linear(3, 3)
weight = layer.weight
version = weight._version
print(parametrize.register_parametrization(layer, "weight", Symmetric()) is layer)
print(layer)
print(type(layer).__name__, type(layer).__bases__, parametrize.type_before_parametrizations(layer))
print(parametrize.is_parametrized(layer), parametrize.is_parametrized(layer, "weight"),
      parametrize.is_parametrized(layer, "bias"), parametrize.is_parametrized(nn.Linear(1, 1)))
print([name for name, _ in layer.named_parameters()], list(layer.state_dict().keys()))
print(layer.parametrizations.weight.original is weight, weight._version - version)
print(layer.weight.tolist(), layer.weight.grad_fn)
walk(layer.weight.grad_fn)
print(torch.equal(layer.weight, layer.weight.T), type(layer.parametrizations.weight).__name__,
      layer.parametrizations.weight.is_tensor, layer.parametrizations.weight.ntensors,
      layer.parametrizations.weight.unsafe)
x = torch.randn(4, 3)
layer(x).sum().backward()
print(layer.parametrizations.weight.original.grad.tolist())

# A second parametrization on the same tensor runs after the first.
scale = Scale(2.0)
parametrize.register_parametrization(layer, "weight", scale)
print(layer)
print(layer.weight.tolist(), scale.calls)

# Assignment goes through right_inverse, last parametrization first, into the original.
original = layer.parametrizations.weight.original
v0 = original._version
layer.weight = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0], [3.0, 5.0, 6.0]])
print(original.tolist(), layer.weight.tolist(), original is layer.parametrizations.weight.original,
      original._version - v0)

# cached(): each parametrized tensor is computed once inside.
scale.calls = 0
with parametrize.cached():
    a = layer.weight
    b = layer.weight
    print(a is b, scale.calls)
print(layer.weight is a, scale.calls)

# Training steps on the original.
opt = torch.optim.SGD(layer.parameters(), lr=0.05)
y = torch.randn(4, 3)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(layer(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item(), layer.weight[0].tolist())

# Removal: keep the parametrized value (the original keeps its identity), or the original.
print(parametrize.remove_parametrizations(layer, "weight") is layer, layer, type(layer).__name__)
print(layer.weight is original, layer.weight.tolist(), type(layer.weight).__name__, hasattr(layer, 'parametrizations'))
layer2 = nn.Linear(2, 2)
parametrize.register_parametrization(layer2, "weight", Scale(3.0))
parametrize.register_parametrization(layer2, "bias", Scale(-1.0))
print(layer2, list(layer2.state_dict().keys()))
parametrize.remove_parametrizations(layer2, "weight", leave_parametrized=False)
print(type(layer2).__name__, list(layer2.state_dict().keys()), layer2.bias.tolist())
parametrize.remove_parametrizations(layer2, "bias")
print(type(layer2).__name__, layer2)

# A buffer; a parametrization without right_inverse (fine until assigned to).
bn = nn.BatchNorm1d(2)
parametrize.register_parametrization(bn, "running_var", NoInverse())
print([name for name, _ in bn.named_buffers()], bn.running_var.tolist())
try:
    bn.running_var = torch.ones(2)
except RuntimeError as e:
    print(type(e).__name__, e)

# Originals from a sequence: original0, original1.
lin = nn.Linear(2, 2)
w = lin.weight.detach().clone()
parametrize.register_parametrization(lin, "weight", Split())
print(lin, [name for name, _ in lin.named_parameters()])
print(torch.equal(lin.weight, w), lin.parametrizations.weight.original0.tolist(),
      type(lin.parametrizations.weight.original0).__name__)
lin.weight = torch.ones(2, 2)
print(lin.parametrizations.weight.original1.tolist())
try:
    parametrize.remove_parametrizations(lin, "weight", leave_parametrized=False)
except ValueError as e:
    print(type(e).__name__, e)
parametrize.remove_parametrizations(lin, "weight")
print(lin.weight.tolist(), type(lin.weight).__name__)

# unsafe lets a parametrization change the shape.
lin = nn.Linear(3, 2)
parametrize.register_parametrization(lin, "weight", Scale(1.0), unsafe=True)
print(lin.parametrizations.weight.unsafe)

# parametrizations.spectral_norm: 15 power steps at registration, one per training forward.
torch.manual_seed(1)
for make in (lambda: nn.Linear(5, 4), lambda: nn.ConvTranspose1d(3, 2, 2), lambda: nn.Conv2d(2, 3, 2)):
    m = parametrizations.spectral_norm(make())
    print(m)
    print([name for name, _ in m.named_parameters()], list(m.state_dict().keys()))
    sn = m.parametrizations.weight[0]
    print(sn.dim, sn.eps, sn.n_power_iterations, sn._u.tolist(), sn._v.tolist())
    print(m.weight.flatten()[:6].tolist(), m.weight.grad_fn)
    m.eval()
    w1 = m.weight
    print(torch.equal(w1, m.weight), sn._u._version)
m = parametrizations.spectral_norm(nn.Linear(4, 3), n_power_iterations=2, dim=1)
x = torch.randn(6, 4)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = m(x).pow(2).mean()
    loss.backward()
    opt.step()
    print(step, loss.item(), m.parametrizations.weight[0]._u.tolist())
vec = nn.Module()
vec.register_parameter('w', nn.Parameter(torch.tensor([3.0, 4.0])))
parametrizations.spectral_norm(vec, 'w')
print(vec.w.tolist(), hasattr(vec.parametrizations.w[0], '_u'))

# The errors.


class ChangeDtype(nn.Module):
    def forward(self, X):
        return X.double()


class ChangeShape(nn.Module):
    def forward(self, X):
        return X[:1]


class NotTensor(nn.Module):
    def forward(self, X):
        return 1.0


class BadInverse(nn.Module):
    def forward(self, X):
        return X

    def right_inverse(self, X):
        return 7


class BadDtypeInverse(nn.Module):
    def forward(self, X):
        return X.float()

    def right_inverse(self, X):
        return X.double()


for make, p in ((lambda: nn.Linear(2, 2), ChangeDtype()), (lambda: nn.Linear(2, 2), ChangeShape()),
                (lambda: nn.Linear(2, 2), NotTensor()), (lambda: nn.Linear(2, 2), BadInverse()),
                (lambda: nn.Linear(2, 2), BadDtypeInverse())):
    m = make()
    try:
        parametrize.register_parametrization(m, "weight", p)
    except ValueError as e:
        print(type(e).__name__, e)
    print(type(m).__name__, [name for name, _ in m.named_parameters()])
for p in (ChangeDtype(), ChangeShape(), NotTensor(), BadInverse()):
    m = nn.Linear(2, 2)
    parametrize.register_parametrization(m, "weight", Scale(2.0))
    try:
        parametrize.register_parametrization(m, "weight", p)
    except ValueError as e:
        print(type(e).__name__, e)
for call in (lambda: parametrize.register_parametrization(nn.Linear(2, 2), "other", Scale(1.0)),
             lambda: parametrize.remove_parametrizations(nn.Linear(2, 2), "weight"),
             lambda: parametrize.ParametrizationList([], torch.ones(2)),
             lambda: parametrizations.spectral_norm(nn.Linear(2, 2), "other"),
             lambda: parametrizations.spectral_norm(nn.Linear(2, 2), dim=2),
             lambda: parametrizations.spectral_norm(nn.Linear(2, 2), n_power_iterations=0)):
    try:
        call()
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
m = nn.Linear(2, 2)
parametrize.register_parametrization(m, "weight", Scale(2.0))
try:
    import pickle
    pickle.dumps(m)
except RuntimeError as e:
    print(type(e).__name__, e)


# Assignments whose right_inverse no longer returns what it did at registration.
class Fickle(nn.Module):
    def __init__(self, answers):
        super().__init__()
        self.answers = list(answers)

    def forward(self, *originals):
        return sum(originals)

    def right_inverse(self, X):
        return self.answers.pop(0)(X)


for answers in ((lambda X: X, lambda X: 3), (lambda X: X, lambda X: X.double()),
                (lambda X: (X, X), lambda X: X), (lambda X: (X, X), lambda X: (X,)),
                (lambda X: (X, X), lambda X: (X, 5)), (lambda X: (X, X), lambda X: (X, X.double()))):
    m = nn.Linear(2, 2)
    parametrize.register_parametrization(m, "weight", Fickle(answers))
    try:
        m.weight = torch.zeros(2, 2)
    except ValueError as e:
        print(type(e).__name__, e)
m = nn.Linear(2, 2)
parametrize.register_parametrization(m, "weight", Fickle([lambda X: [X, X * 2]]), unsafe=True)
print(m.parametrizations.weight.ntensors, m.weight.tolist() == (m.parametrizations.weight.original0 * 3).tolist())

# weight_norm(dim=None): _weight_norm(v, g, -1) is v * (g / norm_except_dim(v, 2, -1)), whose
# norm is at::norm(v, 2) without dims: NormBackward0 (torch.norm and Tensor.norm record
# NormBackward1).
import torch

torch.manual_seed(0)


def names(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + type(fn).__name__)
    for child, _ in fn.next_functions:
        names(child, depth + 1)


m = torch.nn.utils.weight_norm(torch.nn.Linear(4, 3), dim=None)
print(m.weight_g.shape, m.weight_g.item().hex(), m.weight_v.shape)
out = m(torch.randn(2, 4))
names(m.weight.grad_fn)
norm = m.weight.grad_fn.next_functions[1][0].next_functions[1][0]
print(type(norm).__name__, norm._saved_p, norm._saved_self.shape, norm._saved_result.item().hex())
out.sum().backward()
print([v.hex() for v in m.weight_g.grad.reshape(-1).tolist()])
print([v.hex() for v in m.weight_v.grad.reshape(-1).tolist()])
print([v.hex() for v in m.weight.reshape(-1).tolist()])

# the op itself, and the overloads that name every dim
v = torch.randn(3, 5, requires_grad=True)
n = torch.norm_except_dim(v, 2, -1)
print(type(n.grad_fn).__name__, n.shape, n.item().hex())
n.backward()
print([x.hex() for x in v.grad.reshape(-1).tolist()])
print(type(torch.norm_except_dim(v, 3, -1).grad_fn).__name__, torch.norm_except_dim(v, 3, -1).item().hex())
print(type(v.norm(2).grad_fn).__name__, type(torch.norm(v).grad_fn).__name__, type(v.norm(2, 0).grad_fn).__name__)
w = torch._weight_norm(v, torch.tensor(2.0, requires_grad=True), -1)
names(w.grad_fn)

# a conv with weight_norm over every dim, trained one step
conv = torch.nn.utils.weight_norm(torch.nn.Conv2d(2, 3, 3), dim=None)
y = conv(torch.randn(1, 2, 5, 5))
y.pow(2).mean().backward()
print(conv.weight_g.grad.item().hex(), conv.weight_v.grad.abs().sum().item().hex())
torch.nn.utils.remove_weight_norm(conv)
print(type(conv.weight).__name__, conv.weight.shape)

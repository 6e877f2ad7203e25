# grad_fn names of common ops, and name().
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
ops = {
    "add": x + x, "add_scalar": x + 1, "sub": x - x, "mul": x * x, "mul_scalar": x * 2, "div": x / x,
    "pow": x ** 2, "matmul": x @ x, "sum": x.sum(), "sum_dim": x.sum(0), "mean": x.mean(), "mean_dim": x.mean(1),
    "view": x.view(4), "reshape": x.reshape(4), "t": x.t(), "transpose": x.transpose(0, 1),
    "unsqueeze": x.unsqueeze(0), "squeeze": x.unsqueeze(0).squeeze(0), "expand": x.expand(2, 2, 2),
    "index": x[0], "slice": x[:, 1:], "exp": x.exp(), "log": x.log(), "tanh": x.tanh(),
    "sigmoid": x.sigmoid(), "relu": x.relu(), "clone": x.clone(), "neg": -x, "abs": x.abs(),
    "max": x.max(), "softmax": x.softmax(1), "double": x.double(), "cat": torch.cat([x, x]),
    "stack": torch.stack([x, x]), "where": torch.where(x > 2, x, x * 0),
}
for key, value in ops.items():
    print(f"{key:12} {value.grad_fn.name()}")
print(x.grad_fn, x.is_leaf)

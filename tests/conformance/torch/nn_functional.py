# torch.nn.functional: activations, linear, losses, dropout in eval.
import torch
import torch.nn.functional as F

x = torch.tensor([[-1.0, 0.0, 2.0]], requires_grad=True)
print(F.relu(x), F.gelu(x), F.gelu(x, approximate="tanh"))
print(F.leaky_relu(x), F.leaky_relu(x, 0.2), F.sigmoid(x), F.tanh(x))
print(F.softmax(x, dim=1), F.log_softmax(x, dim=-1))
w = torch.tensor([[1.0, 1.0, 1.0], [0.0, 1.0, -1.0]])
b = torch.tensor([0.5, -0.5])
print(F.linear(x, w, b), F.linear(x, w))
print(F.mse_loss(x, torch.zeros(1, 3)), F.mse_loss(x, torch.zeros(1, 3), reduction="sum"))
print(F.cross_entropy(x, torch.tensor([2])), F.nll_loss(F.log_softmax(x, 1), torch.tensor([1])))
print(F.dropout(x, 0.5, training=False))
print(F.dropout(x, p=0.3, training=True).shape)
y = F.relu(x, inplace=False)
print(y.grad_fn)

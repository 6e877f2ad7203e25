# MSELoss and CrossEntropyLoss: values, reductions and gradients.
import torch
import torch.nn as nn

pred = torch.tensor([[0.5, 1.5], [2.0, -1.0]], requires_grad=True)
target = torch.tensor([[1.0, 1.0], [2.0, 0.0]])
mse = nn.MSELoss()
loss = mse(pred, target)
print(mse, loss)
loss.backward()
print(pred.grad)
print(nn.MSELoss(reduction="sum")(pred, target), nn.MSELoss(reduction="none")(pred, target))
logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]], requires_grad=True)
labels = torch.tensor([0, 2])
ce = nn.CrossEntropyLoss()
l = ce(logits, labels)
print(ce, l, l.grad_fn)
l.backward()
print(logits.grad)
print(nn.CrossEntropyLoss(reduction="sum")(logits, labels))
print(nn.NLLLoss()(torch.log_softmax(logits, 1), labels))

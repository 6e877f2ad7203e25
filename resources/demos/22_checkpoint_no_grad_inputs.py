# Title: A checkpointed first layer that never learns
# Watch: The data x does not require grad, so a reentrant checkpoint (1.13's
#   default) around the first layer warns "None of the inputs have
#   requires_grad=True" and returns h without a grad_fn: the graph is cut
#   there. backward still runs through layer2, so nothing fails, but
#   layer1.weight.grad stays None; the layer would never train. With
#   use_reentrant=False the graph reaches layer1 and its gradient appears.
# Title[zh_CN]: 一个永远学不到东西的检查点第一层
# Watch[zh_CN]: 数据 x 不需要梯度，所以包在第一层外面的可重入检查点（1.13 的默认值）会警告
#   “None of the inputs have requires_grad=True”，并返回没有 grad_fn 的 h：计算图在这里被切断。
#   反向传播仍然会经过 layer2，所以不会报错，但 layer1.weight.grad 一直是 None；
#   这一层永远不会被训练。使用 use_reentrant=False 时，计算图能到达 layer1，它的梯度就出现了。
# Title[ru]: Первый слой под контрольной точкой, который никогда не обучается
# Watch[ru]: Данные x не требуют градиента, поэтому реентерабельная контрольная точка (по умолчанию
#   в 1.13) вокруг первого слоя предупреждает «None of the inputs have requires_grad=True» и
#   возвращает h без grad_fn: граф здесь обрывается. Обратный проход всё равно идёт через layer2,
#   так что ошибки нет, но layer1.weight.grad остаётся None: слой никогда не обучится. С
#   use_reentrant=False граф доходит до layer1, и его градиент появляется.
# Level: intermediate
import torch
from torch.utils.checkpoint import checkpoint

layer1 = torch.nn.Linear(2, 2)
layer2 = torch.nn.Linear(2, 1)
with torch.no_grad():
    layer1.weight.copy_(torch.tensor([[1.0, -0.5], [0.25, 2.0]]))
    layer1.bias.zero_()
    layer2.weight.copy_(torch.tensor([[0.5, -1.0]]))
    layer2.bias.fill_(0.1)

x = torch.tensor([[1.0, -1.0]])

h = checkpoint(layer1, x)
print("h.grad_fn:", h.grad_fn)
loss = layer2(h).sum()
loss.backward()
print("layer1.weight.grad:", layer1.weight.grad)
print("layer2.weight.grad:", layer2.weight.grad)

layer2.zero_grad()
h = checkpoint(layer1, x, use_reentrant=False)
loss = layer2(h).sum()
loss.backward()
print("layer1.weight.grad:", layer1.weight.grad)

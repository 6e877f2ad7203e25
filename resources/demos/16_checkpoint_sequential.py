# Title: checkpoint_sequential: 8 layers, 2 segments
# Watch: the first segment (layers 0-3) keeps only its input; the last
#   segment runs normally and saves as usual. Compare the saved badges of the
#   two halves, and the memory chart: the recompute happens once backward
#   reaches CheckpointFunctionBackward, inside its own backward call.
# Title[zh_CN]: checkpoint_sequential：8 层，2 段
# Watch[zh_CN]: 第一段（第 0-3 层）只保留它的输入；最后一段正常运行，照常保存张量。
#   比较前后两半的保存张量标记，以及内存图表：重计算发生在反向传播到达 CheckpointFunctionBackward
#   时，位于它自己的 backward 调用之内。
# Level: advanced
# Title[ru]: checkpoint_sequential: 8 слоёв, 2 сегмента
# Watch[ru]: первый сегмент (слои 0-3) сохраняет только свой вход; последний сегмент выполняется
#   обычным образом и сохраняет тензоры как обычно. Сравните значки сохранённых тензоров двух
#   половин и график памяти: повторное вычисление происходит, когда обратный проход доходит до
#   CheckpointFunctionBackward, внутри его собственного вызова backward.
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint_sequential

layers = []
for i in range(4):
    layers += [nn.Linear(4, 4), nn.ReLU()]
model = nn.Sequential(*layers)

# Fixed weights, so the numbers are the same on every machine.
with torch.no_grad():
    for i, layer in enumerate(model):
        if isinstance(layer, nn.Linear):
            layer.weight.copy_(torch.eye(4) * 0.5 + 0.125 * (i + 1))
            layer.bias.fill_(0.25 - 0.125 * i)

runs = {}


def count(module, inputs, output):
    runs[module] = runs.get(module, 0) + 1


for layer in model:
    layer.register_forward_hook(count)

x = torch.tensor([[1.0, -2.0, 0.5, 3.0]], requires_grad=True)
out = checkpoint_sequential(model, 2, x)
loss = out.sum()
print("loss", loss.item())
loss.backward()
print("forward runs per layer", [runs[layer] for layer in model])
print(x.grad)

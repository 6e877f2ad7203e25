# Title: DenseNet's memory-efficient layers: checkpointed concatenation
# Watch: each dense layer concatenates every earlier feature map and squeezes the
#   result with BatchNorm -> ReLU -> 1x1 conv, the "bottleneck". With
#   memory_efficient=True (torchvision's option) the bottleneck runs under
#   checkpoint: the concatenation and the BatchNorm output are not kept in forward
#   (the "not kept" frames), and are rebuilt just before their backward runs (the
#   recompute frames). The price shows in the console: BatchNorm ran twice per
#   layer, so its running statistics were updated twice.
# Title[zh_CN]: DenseNet 的内存高效层：带检查点的拼接
# Watch[zh_CN]: 每个稠密层都会拼接之前所有的特征图，再用 BatchNorm -> ReLU -> 1x1
#   卷积（即“瓶颈层”）压缩结果。使用 memory_efficient=True（torchvision 的选项）时，瓶颈层在
#   checkpoint 下运行：拼接结果和 BatchNorm 的输出在前向传播中不保留（“未保留”框），
#   而是在它们的反向传播运行之前被重建（重计算框）。代价体现在控制台中：BatchNorm
#   每层运行了两次，因此它的运行统计量（running statistics）被更新了两次。
# Level: advanced
# Title[ru]: Экономные по памяти слои DenseNet: конкатенация с контрольными точками
# Watch[ru]: каждый плотный слой конкатенирует все предыдущие карты признаков и сжимает
#   результат через BatchNorm -> ReLU -> свёртку 1x1, «бутылочное горлышко» (bottleneck). С
#   memory_efficient=True (опция torchvision) bottleneck выполняется под checkpoint:
#   конкатенация и выход BatchNorm не сохраняются в прямом проходе (рамки «не сохраняется») и
#   восстанавливаются прямо перед выполнением их обратного прохода (рамки повторного
#   вычисления). Цена видна в консоли: BatchNorm выполнялся дважды на слой, поэтому его
#   накопленная статистика (running statistics) обновилась дважды.
import torch
import torch.nn as nn
import torch.utils.checkpoint as cp


class DenseLayer(nn.Module):
    def __init__(self, num_input_features, growth_rate, bn_size, memory_efficient):
        super().__init__()
        self.norm1 = nn.BatchNorm2d(num_input_features)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv1 = nn.Conv2d(num_input_features, bn_size * growth_rate, kernel_size=1, bias=False)
        self.norm2 = nn.BatchNorm2d(bn_size * growth_rate)
        self.relu2 = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(bn_size * growth_rate, growth_rate, kernel_size=3, padding=1, bias=False)
        self.memory_efficient = memory_efficient

    def bottleneck(self, *features):
        concatenated = torch.cat(features, 1)
        return self.conv1(self.relu1(self.norm1(concatenated)))

    def forward(self, features):
        if self.memory_efficient:
            bottleneck_output = cp.checkpoint(self.bottleneck, *features)
        else:
            bottleneck_output = self.bottleneck(*features)
        return self.conv2(self.relu2(self.norm2(bottleneck_output)))


torch.manual_seed(0)
stem = nn.Conv2d(1, 4, kernel_size=3, padding=1, bias=False)
layers = nn.ModuleList([DenseLayer(4 + 2 * i, growth_rate=2, bn_size=2, memory_efficient=True) for i in range(2)])

image = (torch.arange(36.) / 36 - 0.5).reshape(1, 1, 6, 6)
features = [stem(image)]
for layer in layers:
    features.append(layer(features))
out = torch.cat(features, 1)
loss = out.pow(2).mean()
loss.backward()

print(f"loss {loss.item():.6f}")
for i, layer in enumerate(layers):
    print(f"layer {i}: norm1 updated its running statistics {layer.norm1.num_batches_tracked.item()} times")
print("stem gradient:", stem.weight.grad[0, 0])

# Title: The large-model recipe: checkpoint, then offload what is left
# Device: gpu
# Watch: checkpoint_sequential keeps only the input of each checkpointed
#   segment; save_on_cpu around it sends even those to host memory. The
#   segments' badges say "-> cpu", the memory chart's GPU lane stays low
#   until backward, when each segment's input comes back, its forward runs
#   again and its activations live only as long as its backward. Run on
#   the simulated GPU to see the bytes move.
# Title[zh_CN]: 大模型的做法：先做检查点，再卸载剩下的
# Watch[zh_CN]: checkpoint_sequential 只保留每个检查点分段的输入；外面包一层 save_on_cpu，
#   连这些输入也会被送到主机内存。分段的标记显示 "-> cpu"，内存图表中 GPU 的通道一直很低，
#   直到反向传播：每个分段的输入被取回，它的前向传播再次运行，它的激活值只在它的反向传播期间存在。
#   在模拟的 GPU 上运行可以看到字节的移动。
# Title[ru]: Рецепт для больших моделей: контрольные точки, а остальное — в память хоста
# Watch[ru]: checkpoint_sequential хранит только вход каждого сегмента под контрольной точкой;
#   save_on_cpu вокруг него отправляет в память хоста даже их. Значки сегментов показывают
#   "-> cpu", линия GPU на графике памяти остаётся низкой до обратного прохода, когда вход
#   каждого сегмента возвращается, его прямой проход выполняется снова, а его активации живут
#   только во время его обратного прохода. Запустите на симулированном GPU, чтобы увидеть, как
#   перемещаются байты.
# Level: advanced
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint_sequential

device = "cuda" if torch.cuda.is_available() else "cpu"

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(),
                      nn.Linear(8, 1)).to(device)
with torch.no_grad():
    for i, layer in enumerate(model):
        if isinstance(layer, nn.Linear):
            n = layer.weight.numel()
            layer.weight.copy_(torch.arange(float(n)).reshape(layer.weight.shape) / n - 0.5 + 0.1 * i)
            layer.bias.fill_(0.05 * i)

# requires_grad on the input connects the first checkpoint (see demo 22).
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [-1.0, 0.5, 0.0, 2.0]], device=device, requires_grad=True)
with torch.autograd.graph.save_on_cpu():
    out = checkpoint_sequential(model, 3, x)
    loss = out.pow(2).mean()
print("loss", loss.item())
loss.backward()
print(model[0].weight.grad)
print(model[6].weight.grad)

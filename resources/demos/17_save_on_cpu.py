# Title: save_on_cpu: saved activations leave the GPU
# Device: gpu
# Watch: under save_on_cpu every tensor saved for backward is copied to host
#   memory when it is saved (the badges say "-> cpu") and copied back just
#   before its node runs. On the (simulated) GPU the memory chart shows the
#   activations leaving the device, and the PCIe strip under it has one bar
#   per copy, as tall as the copy's modelled time; without a GPU everything is
#   on cpu and nothing moves, exactly as in PyTorch.
# Title[zh_CN]: save_on_cpu：保存的激活值离开 GPU
# Watch[zh_CN]: 在 save_on_cpu 下，每个为反向传播保存的张量在保存时都会被复制到主机内存（标记显示
#   "-> cpu"），并在它的节点运行之前被复制回来。在（模拟的）GPU 上，内存图表显示激活值离开设备；
#   其下方的 PCIe 条为每次复制画一根柱，高度表示这次复制所需的（模型化的）时间；
#   没有 GPU 时一切都在 cpu 上，什么也不会移动，与 PyTorch 完全一致。
# Level: advanced
# Title[ru]: save_on_cpu: сохранённые активации покидают GPU
# Watch[ru]: внутри save_on_cpu каждый тензор, сохраняемый для обратного прохода, копируется в
#   память хоста в момент сохранения (значки показывают "-> cpu") и копируется обратно
#   непосредственно перед выполнением его узла. На (симулированном) GPU график памяти
#   показывает, как активации покидают устройство, а полоса PCIe под ним — по столбику на
#   каждое копирование высотой в его (модельное) время; без GPU всё находится на cpu и ничего
#   не перемещается, в точности как в PyTorch.
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
with torch.no_grad():
    model[0].weight.copy_(torch.arange(32.0).reshape(8, 4) / 32 - 0.5)
    model[0].bias.fill_(0.1)
    model[2].weight.copy_(torch.arange(8.0).reshape(1, 8) / 8 - 0.25)
    model[2].bias.fill_(-0.2)

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [-1.0, 0.5, 0.0, 2.0]], device=device)
with torch.autograd.graph.save_on_cpu():
    loss = model(x).pow(2).mean()
print("loss", loss.item())
loss.backward()
print(model[2].weight.grad)

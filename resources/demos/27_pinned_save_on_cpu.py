# Title: Pinned memory: offloaded activations travel faster
# Device: gpu
# Watch: the same forward and backward twice, under save_on_cpu(pin_memory=False)
#   and then pin_memory=True. On the (simulated) GPU each saved activation is
#   copied to host memory and back; the PCIe strip under the memory chart has
#   one bar per copy, as tall as its modelled time. Copies from and to pinned
#   (page-locked) memory run at the link's full rate, pageable ones at half,
#   so the second pass's bars are shorter, and its host copies sit in the
#   "pinned host memory" lane. Without a GPU nothing moves, as in PyTorch.
# Title[zh_CN]: 锁页内存：卸载的激活值传得更快
# Watch[zh_CN]: 同样的前向和反向传播做两次，先在 save_on_cpu(pin_memory=False) 下，再在
#   pin_memory=True 下。在（模拟的）GPU 上，每个保存的激活值都会被复制到主机内存再复制回来；
#   内存图表下方的 PCIe 条为每次复制画一根柱，高度表示其模型化的耗时。与锁页（pinned）内存
#   之间的复制以链路的全速进行，与可分页内存之间的复制只有一半速度，所以第二遍的柱更短，
#   它的主机副本位于“锁页主机内存”一栏。没有 GPU 时什么也不会移动，与 PyTorch 一致。
# Level: advanced
# Title[ru]: Закреплённая память: выгруженные активации перемещаются быстрее
# Watch[ru]: один и тот же прямой и обратный проход дважды: под save_on_cpu(pin_memory=False),
#   а затем под pin_memory=True. На (симулированном) GPU каждая сохранённая активация
#   копируется в память хоста и обратно; полоса PCIe под графиком памяти показывает по
#   столбику на копирование высотой в его модельное время. Копирование из закреплённой
#   (page-locked) памяти и в неё идёт на полной скорости шины, из страничной — вдвое
#   медленнее, поэтому во втором проходе столбики ниже, а копии на хосте лежат в полосе
#   «закреплённая память хоста». Без GPU ничего не перемещается, как и в PyTorch.
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 1)).to(device)
x = torch.linspace(-1, 1, 512 * 256, device=device).reshape(512, 256)

for pin in (False, True):
    with torch.autograd.graph.save_on_cpu(pin_memory=pin):
        loss = model(x).pow(2).mean()
    loss.backward()
    print("pin_memory", pin, "loss", round(loss.item(), 4), "grad", round(model[2].bias.grad.item(), 4))
    model.zero_grad()

# Title: Saved tensors on disk: pack_hook writes, unpack_hook reads
# Watch: the pack hook saves every tensor an op keeps for backward into a file of
#   the run's temporary folder and hands autograd only the file; the unpack hook
#   reads it back just before the node runs. The badges say "pack_hook()" and the
#   memory chart shows the saved activations going as soon as they are packed:
#   what is left in memory is the file objects, not the tensors. Backward gives
#   the same gradients as without hooks. (PyTorch's tutorial "Hooks for autograd
#   saved tensors".)
# Title[zh_CN]: 保存到磁盘的张量：pack_hook 写入，unpack_hook 读取
# Watch[zh_CN]: pack 钩子把每个为反向传播保存的张量写入本次运行临时文件夹中的一个文件，
#   只把文件交给 autograd；unpack 钩子在节点运行之前把它读回来。标记显示 "pack_hook()"，
#   内存图表显示保存的激活值一被打包就离开内存：留在内存中的是文件对象，而不是张量。
#   反向传播得到的梯度与不用钩子时相同。（PyTorch 教程《Hooks for autograd saved tensors》。）
# Level: advanced
# Title[ru]: Сохранённые тензоры на диске: pack_hook пишет, unpack_hook читает
# Watch[ru]: pack-хук записывает каждый тензор, который операция сохраняет для обратного
#   прохода, в файл во временной папке запуска и отдаёт autograd только файл; unpack-хук
#   читает его обратно непосредственно перед выполнением узла. Значки показывают
#   "pack_hook()", а график памяти — что сохранённые активации уходят сразу после упаковки:
#   в памяти остаются объекты файлов, а не тензоры. Обратный проход даёт те же градиенты,
#   что и без хуков. (Учебник PyTorch «Hooks for autograd saved tensors».)
import os
import tempfile
import uuid

import torch
import torch.nn as nn

tmp_dir = tempfile.mkdtemp()


class SelfDeletingTempFile:
    """A file in tmp_dir that is removed when nothing refers to it any more."""

    def __init__(self):
        self.name = os.path.join(tmp_dir, str(uuid.uuid4()))

    def __del__(self):
        os.remove(self.name)


def pack_hook(tensor):
    temp_file = SelfDeletingTempFile()
    torch.save(tensor, temp_file.name)
    return temp_file


def unpack_hook(temp_file):
    return torch.load(temp_file.name)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
x = torch.randn(5, 4)

with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    loss = model(x).pow(2).mean()
print("files on disk after forward:", len(os.listdir(tmp_dir)))
loss.backward()
print("files on disk after backward:", len(os.listdir(tmp_dir)))
hooked = [p.grad.clone() for p in model.parameters()]

model.zero_grad()
model(x).pow(2).mean().backward()
print("same gradients as without hooks:",
      all(torch.equal(a, p.grad) for a, p in zip(hooked, model.parameters())))
print("loss", loss.item())

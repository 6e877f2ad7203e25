# Title: save_on_cpu around a non-reentrant checkpoint offloads nothing in it
# Device: gpu
# Watch: Saved-tensor hooks stack up and only the innermost pair packs. A
#   non-reentrant checkpoint is such a pair: every tensor block saves becomes
#   its placeholder, and it keeps its input itself, so the save_on_cpu around
#   it never sees them; no badge in the first segment says "-> cpu" and the
#   input stays on the GPU. PyTorch raises nothing and the gradients are the
#   same. The reentrant checkpoint below saves its input for backward, and
#   save_on_cpu sends that to host memory. Run on the simulated GPU to see
#   the bytes move.
# Title[zh_CN]: 包在非可重入检查点外面的 save_on_cpu 对其中的内容什么也不卸载
# Watch[zh_CN]: 保存张量钩子会叠成栈，只有最内层的一对负责打包。非可重入检查点本身就是这样一对钩子：
#   block 保存的每个张量都变成它的占位符，它的输入也由它自己保留，所以外面的 save_on_cpu
#   根本看不到它们；第一个分段里没有任何标记显示 "-> cpu"，输入留在 GPU 上。PyTorch 不报错，
#   梯度也一样。下面的可重入检查点为反向传播保存它的输入，save_on_cpu 会把它送到主机内存。
#   在模拟的 GPU 上运行可以看到字节的移动。
# Title[ru]: save_on_cpu вокруг нереентерабельной контрольной точки ничего в ней не выгружает
# Watch[ru]: Хуки сохраняемых тензоров образуют стек, и упаковывает только самая внутренняя пара.
#   Нереентерабельная контрольная точка сама такая пара: каждый тензор, сохранённый block,
#   становится её заполнителем, а свой вход она хранит сама, поэтому save_on_cpu вокруг неё их
#   не видит; ни один значок в первом сегменте не показывает "-> cpu", и вход остаётся на GPU.
#   PyTorch не сообщает об ошибке, и градиенты те же. Реентерабельная контрольная точка ниже
#   сохраняет свой вход для обратного прохода, и save_on_cpu отправляет его в память хоста.
#   Запустите на симулированном GPU, чтобы увидеть, как перемещаются байты.
# Level: advanced
import torch
from torch.utils.checkpoint import checkpoint

device = "cuda" if torch.cuda.is_available() else "cpu"
w0 = torch.tensor([[1.0, -0.5], [0.25, 2.0]], device=device, requires_grad=True)
w1 = torch.tensor([[0.5, 1.0], [-1.0, 0.5]], device=device, requires_grad=True)
x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]], device=device)


def block(h):
    h = torch.tanh(h @ w1)
    return h * h


# The trap: the checkpoint's own hooks are innermost and win over save_on_cpu.
with torch.autograd.graph.save_on_cpu():
    y = checkpoint(block, x @ w0, use_reentrant=False)
    loss = y.sum()
loss.backward()
print("use_reentrant=False", loss.item(), w0.grad, w1.grad)

# The fix: the reentrant checkpoint saves its input, and save_on_cpu offloads it.
w0.grad, w1.grad = None, None
with torch.autograd.graph.save_on_cpu():
    y = checkpoint(block, x @ w0, use_reentrant=True)
    loss = y.sum()
loss.backward()
print("use_reentrant=True ", loss.item(), w0.grad, w1.grad)

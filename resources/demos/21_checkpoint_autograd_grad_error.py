# Title: torch.autograd.grad through a reentrant checkpoint
# Watch: Non-reentrant checkpointing (use_reentrant=False) works with
#   torch.autograd.grad: its recompute is just unpacking saved tensors.
#   The reentrant kind, 1.13's default, runs a backward of its own inside
#   backward, and autograd.grad, which only walks the part of the graph
#   leading to its inputs, cannot let it: the second call fails with
#   PyTorch's message. The fix is the first call.
# Title[zh_CN]: 通过可重入检查点调用 torch.autograd.grad
# Watch[zh_CN]: 非可重入检查点（use_reentrant=False）可以与 torch.autograd.grad 一起使用：
#   它的重计算只是解包保存的张量。可重入检查点（1.13 的默认值）会在反向传播内部
#   再运行一次自己的反向传播，而 autograd.grad 只遍历通向其输入的那部分计算图，
#   无法允许这样做：第二次调用以 PyTorch 的错误消息失败。修复方法就是第一次调用的写法。
# Title[ru]: torch.autograd.grad через реентерабельную контрольную точку
# Watch[ru]: Нереентерабельные контрольные точки (use_reentrant=False) работают с
#   torch.autograd.grad: их повторное вычисление — это просто распаковка сохранённых тензоров.
#   Реентерабельный вариант, по умолчанию в 1.13, запускает собственный обратный проход внутри
#   обратного прохода, а autograd.grad, который обходит только часть графа, ведущую к его входам,
#   не может этого допустить: второй вызов завершается сообщением PyTorch. Исправление — первый вызов.
# Level: intermediate
import torch
from torch.utils.checkpoint import checkpoint

w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)


def block(x):
    return torch.sin(x * w) * x


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

y = checkpoint(block, x, use_reentrant=False)
print("non-reentrant:", torch.autograd.grad(y.sum(), (x, w)))

y = checkpoint(block, x)
print("reentrant:", torch.autograd.grad(y.sum(), (x, w)))

# Title: Gradient checkpointing: a block that runs twice
# Watch: checkpoint(block, x) runs block without keeping its activations:
#   its nodes sit in a "not kept" frame and their badges say "recompute".
#   When backward reaches the block, block runs again (the line highlight
#   jumps back into it and its nodes reappear in the recompute frame); the
#   recomputed tensors fill the placeholders, the original nodes run, and
#   everything is released.
# Title[zh_CN]: 梯度检查点：运行两次的代码块
# Watch[zh_CN]: checkpoint(block, x) 运行 block 时不保留它的激活值：它的节点位于“未保留”框中，
#   它们的标记显示“重计算”（recompute）。反向传播到达该代码块时，
#   block 会再次运行（代码行高亮跳回其中，它的节点重新出现在重计算框中）；
#   重计算得到的张量填入占位符，原来的节点随后运行，一切都被释放。
# Level: intermediate
# Title[ru]: Контрольные точки (checkpointing): блок, который выполняется дважды
# Watch[ru]: checkpoint(block, x) выполняет block, не сохраняя его активаций: его узлы находятся
#   в рамке «не сохраняется», а их значки говорят «повторное вычисление». Когда обратный проход
#   доходит до блока, block выполняется снова (подсветка строки возвращается в него, а его узлы
#   снова появляются в рамке повторного вычисления); повторно вычисленные тензоры заполняют
#   заглушки, исходные узлы выполняются, и всё освобождается.
import torch
from torch.utils.checkpoint import checkpoint

w1 = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
w2 = torch.tensor([0.5, -0.5, 2.0], requires_grad=True)
calls = 0


def block(x):
    global calls
    calls += 1
    h = x * w1
    h = h.relu()
    return h * w2


x = torch.tensor([0.5, -1.0, 0.25], requires_grad=True)
y = checkpoint(block, x, use_reentrant=False)
print("block ran", calls, "time(s) in forward")
loss = y.sum()
loss.backward()
print("block ran", calls, "time(s) in all")
print(x.grad, w1.grad, w2.grad)

# Title: Selective checkpointing: keep the matmuls, recompute the rest
# Watch: A policy decides op by op: the two mm outputs are kept (MUST_SAVE,
#   green pills), relu and sigmoid are left to be recomputed. When backward
#   reaches the block it runs again, but the mm nodes say "from cache": their
#   kept outputs are handed back, only relu and sigmoid run a second time.
#   Selective activation checkpointing is current PyTorch's (2.4 and later).
# Needs: PyTorch >= 2.4 (create_selective_checkpoint_contexts is not in 1.13)
# Title[zh_CN]: 选择性检查点：保留矩阵乘法，重计算其余部分
# Watch[zh_CN]: 策略逐个算子做决定：两个 mm 的输出被保留（MUST_SAVE，绿色标签），
#   relu 和 sigmoid 留待重计算。反向传播到达该代码块时它会再次运行，但 mm 节点显示
#   “取自缓存”：直接交回保留的输出，只有 relu 和 sigmoid 真正再运行一次。
#   选择性激活检查点属于当前的 PyTorch（2.4 及以后）。
# Title[ru]: Выборочные контрольные точки: матричные умножения сохраняются, остальное пересчитывается
# Watch[ru]: Политика решает для каждой операции: выходы двух mm сохраняются (MUST_SAVE,
#   зелёные метки), relu и sigmoid оставлены для повторного вычисления. Когда обратный
#   проход доходит до блока, он выполняется снова, но узлы mm говорят «из кэша»: им
#   возвращаются сохранённые выходы, повторно выполняются только relu и sigmoid.
#   Выборочные контрольные точки есть в современном PyTorch (2.4 и новее).
# Level: advanced
import functools

import torch
from torch.utils.checkpoint import CheckpointPolicy, checkpoint, create_selective_checkpoint_contexts

w1 = torch.tensor([[0.5, -1.0, 0.25], [1.5, 0.5, -0.5]], requires_grad=True)
w2 = torch.tensor([[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5]], requires_grad=True)


def block(x):
    h = torch.mm(x, w1)
    h = torch.relu(h)
    h = torch.mm(h, w2)
    return torch.sigmoid(h)


def policy(ctx, op, *args, **kwargs):
    decision = CheckpointPolicy.MUST_SAVE if op == torch.ops.aten.mm.default else CheckpointPolicy.PREFER_RECOMPUTE
    print("policy:", op, "->", decision.name)
    return decision


x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]], requires_grad=True)
context_fn = functools.partial(create_selective_checkpoint_contexts, policy)
y = checkpoint(block, x, use_reentrant=False, context_fn=context_fn)
loss = y.sum()
loss.backward()
print(w1.grad)
print(w2.grad)

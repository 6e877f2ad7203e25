# Title: The classic worked example
# Watch: MulBackward0 saves `l1` and `w3` for its backward, AddBackward0 saves
#   nothing. During backward the gradient of `loss` (0.25 per element, from
#   MeanBackward0) flows back through l4 = l2 * l3, splits into both branches
#   and meets again at `l1`, whose gradient is the sum of both paths. The
#   AccumulateGrad nodes finally write w1.grad = 28, w2.grad = 8, w3.grad = 10.
# Title[zh_CN]: 经典示例
# Watch[zh_CN]: MulBackward0 为反向传播保存了 `l1` 和 `w3`，AddBackward0 什么也不保存。反向传播时，
#   `loss` 的梯度（每个元素 0.25，来自 MeanBackward0）经由 l4 = l2 * l3 流回，分入两个分支，又在
#   `l1` 处汇合，`l1` 的梯度是两条路径之和。最后 AccumulateGrad 节点写入 w1.grad = 28、w2.grad = 8、
#   w3.grad = 10。
# Level: beginner
# Title[ru]: Классический разобранный пример
# Watch[ru]: MulBackward0 сохраняет `l1` и `w3` для своего обратного прохода, AddBackward0 не
#   сохраняет ничего. При обратном проходе градиент `loss` (0.25 на элемент, от MeanBackward0)
#   течёт обратно через l4 = l2 * l3, разделяется на обе ветви и снова встречается в `l1`,
#   градиент которого равен сумме по обоим путям. Наконец узлы AccumulateGrad записывают
#   w1.grad = 28, w2.grad = 8, w3.grad = 10.
import torch

# Four leaves: tensors we create ourselves. requires_grad=True asks autograd to
# record every operation that uses them.
input = torch.ones(2, 2, requires_grad=True)
w1 = torch.tensor(2.0, requires_grad=True)
w2 = torch.tensor(3.0, requires_grad=True)
w3 = torch.tensor(4.0, requires_grad=True)

# The forward pass builds the graph one node at a time.
l1 = input * w1          # MulBackward0: saves input and w1
l2 = l1 + w2             # AddBackward0: saves nothing (d(a+b)/da = 1)
l3 = l1 * w3             # MulBackward0: saves l1 and w3
l4 = l2 * l3             # MulBackward0: saves l2 and l3
loss = l4.mean()         # MeanBackward0

# Non-leaf tensors drop their gradient after backward unless we ask to keep it.
l1.retain_grad()
l4.retain_grad()

print("l1 =", l1)
print("l4 =", l4)
print("loss =", loss)
print("loss.grad_fn =", loss.grad_fn)

# Backward: walk the graph from loss to the leaves, applying the chain rule.
loss.backward()

# By hand: loss = mean((2x + 3) * 4 * 2x) with x = 1 everywhere,
# d loss / d w1 = 28, d loss / d w2 = 8, d loss / d w3 = 10.
print("w1.grad =", w1.grad)
print("w2.grad =", w2.grad)
print("w3.grad =", w3.grad)
print("l4.grad =", l4.grad)      # 1 / 4 for each of the 4 elements
print("l1.grad =", l1.grad)      # both paths through l2 and l3 add up here
print("input.grad =", input.grad)

# Title: Updating weights in place: the error and two fixes
# Watch: `w -= ...` on a leaf that requires grad is refused while the graph is
#   being recorded: the leaf's AccumulateGrad would no longer describe it.
#   Under torch.no_grad() the update is not recorded; w stays a leaf, only its
#   version counter moves. Writing through `w.data` does not even bump the
#   version of `w`, which is why .data is considered dangerous.
# Title[zh_CN]: 原地更新权重：错误与两种修复方法
# Watch[zh_CN]: 在记录计算图期间，对需要梯度的叶子张量执行 `w -= ...` 会被拒绝：该叶子张量的
#   AccumulateGrad 将无法再描述它。在 torch.no_grad() 下，这次更新不会被记录；w
#   仍然是叶子张量，只有它的版本计数器会变化。通过 `w.data` 写入甚至不会增加 `w` 的版本，这正是
#   .data 被认为危险的原因。
# Level: intermediate
# Title[ru]: Обновление весов на месте: ошибка и два способа её исправить
# Watch[ru]: `w -= ...` для листа, требующего градиента, запрещено, пока записывается граф:
#   AccumulateGrad этого листа больше не описывал бы его. Внутри torch.no_grad() обновление не
#   записывается; w остаётся листом, меняется только его счётчик версий. Запись через `w.data`
#   не увеличивает даже версию `w`, поэтому .data и считается опасным.
import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
loss = (w * w).sum()
loss.backward()
print("w.grad =", w.grad)

# The naive gradient step fails:
try:
    w -= 0.1 * w.grad
except RuntimeError as error:
    print("RuntimeError:", error)

# Fix 1: do the update without recording it.
with torch.no_grad():
    w -= 0.1 * w.grad
print("after no_grad step: w =", w, "leaf:", w.is_leaf, "version:", w._version)

# Fix 2 (older code): update the raw data behind autograd's back.
w.grad.zero_()
(w * w).sum().backward()
w.data -= 0.1 * w.grad
print("after .data step: w =", w, "version:", w._version)

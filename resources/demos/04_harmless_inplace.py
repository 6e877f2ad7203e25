# Title: An in-place op that is perfectly fine
# Watch: AddBackward0 saves nothing: the gradient of a sum does not depend on
#   the values. So `y.mul_(3)` bumps y's version without making any saved
#   tensor stale, and backward runs. The later MulBackward0 saves `y` at its
#   new version 1, which is still current when backward reaches it.
# Title[zh_CN]: 完全没问题的原地操作
# Watch[zh_CN]: AddBackward0 什么也不保存：加法的梯度不依赖于数值。因此 `y.mul_(3)` 增加了 y
#   的版本，却没有让任何保存的张量过期，反向传播正常运行。之后的 MulBackward0 保存的是新版本 1 的
#   `y`，反向传播到达它时，这个版本仍然是最新的。
# Level: intermediate
# Title[ru]: Операция на месте, которая совершенно безопасна
# Watch[ru]: AddBackward0 ничего не сохраняет: градиент суммы не зависит от значений. Поэтому
#   `y.mul_(3)` увеличивает версию y, не делая устаревшим ни один сохранённый тензор, и обратный
#   проход выполняется. Созданный позже MulBackward0 сохраняет `y` в новой версии 1, которая всё
#   ещё актуальна, когда обратный проход до него доходит.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 1            # AddBackward0 keeps no tensors for backward
print("y =", y, "version", y._version)

y.mul_(3)            # in place, but nobody saved y's old values
print("y =", y, "version", y._version)
print("y.grad_fn is now", y.grad_fn)

z = y * y            # MulBackward0 saves y at version 1
loss = z.sum()
loss.backward()

# d loss / dx = 2 * y * 3 = 6 * (3 * (x + 1))
print("x.grad =", x.grad)

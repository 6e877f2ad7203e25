# Title: A saved tensor modified in place
# Watch: SigmoidBackward0 saves its own output `b` at version 0. The in-place
#   `b.mul_(2)` bumps b's version counter to 1, and the saved-tensor badge
#   turns red: it is stale. When backward reaches SigmoidBackward0 it unpacks
#   the saved tensor, compares versions and fails with PyTorch's message.
# Title[zh_CN]: 保存的张量被原地修改
# Watch[zh_CN]: SigmoidBackward0 在版本 0 时保存了它自己的输出 `b`。原地操作 `b.mul_(2)` 把 b
#   的版本计数器增加到 1，保存张量标记随之变红：它已过期。反向传播到达 SigmoidBackward0
#   时，会解包这个保存的张量、比较版本，然后以 PyTorch 的错误消息失败。
# Level: intermediate
# Title[ru]: Сохранённый тензор, изменённый на месте
# Watch[ru]: SigmoidBackward0 сохраняет свой собственный выход `b` в версии 0. Операция на месте
#   `b.mul_(2)` увеличивает счётчик версий b до 1, и значок сохранённого тензора становится
#   красным: тензор устарел. Когда обратный проход доходит до SigmoidBackward0, узел
#   распаковывает сохранённый тензор, сравнивает версии и завершается ошибкой с сообщением
#   PyTorch.
import torch

a = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
b = a.sigmoid()      # sigmoid's derivative is b * (1 - b): backward needs b itself
print("b =", b)
print("version of b after sigmoid:", b._version)

b.mul_(2)            # in place: overwrites the values backward needs
print("version of b after mul_:", b._version)

# The forward result looks fine, but the gradient can no longer be computed.
loss = b.sum()
print("loss =", loss)
loss.backward()      # RuntimeError: ... modified by an inplace operation

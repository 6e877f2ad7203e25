# Title: Updating weights in place: the error and two fixes
# Watch: `w -= ...` on a leaf that requires grad is refused while the graph is
#   being recorded: the leaf's AccumulateGrad would no longer describe it.
#   Under torch.no_grad() the update is not recorded; w stays a leaf, only its
#   version counter moves. Writing through `w.data` does not even bump the
#   version of `w`, which is why .data is considered dangerous.
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

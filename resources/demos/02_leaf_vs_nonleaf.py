# Title: Leaves, non-leaves, retain_grad and hooks
# Watch: only the leaf `x` has an AccumulateGrad node, so only x.grad is filled
#   in by default. `h.retain_grad()` adds a small retain-grad hook to `h`;
#   the hook registered on `y` fires as the gradient passes through y during
#   backward and doubles it before it flows on to MulBackward0 and x.
# Level: beginner
# Title[ru]: Листья, нелистовые тензоры, retain_grad и хуки
# Watch[ru]: узел AccumulateGrad есть только у листа `x`, поэтому по умолчанию заполняется
#   только x.grad. `h.retain_grad()` добавляет к `h` небольшой хук retain-grad; хук,
#   зарегистрированный на `y`, срабатывает, когда градиент проходит через y при обратном
#   проходе, и удваивает его, прежде чем тот пойдёт дальше к MulBackward0 и x.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)   # a leaf: made by us
h = x * 2                                               # non-leaf: made by an op
y = h ** 2
loss = y.sum()

print("x.is_leaf =", x.is_leaf, " h.is_leaf =", h.is_leaf)
print("x.grad_fn =", x.grad_fn, " h.grad_fn =", h.grad_fn)

# Keep the gradient of an intermediate result for inspection.
h.retain_grad()


# A hook sees the gradient on its way through a tensor and may replace it.
def double_gradient(grad):
    print("hook on y sees", grad)
    return grad * 2


handle = y.register_hook(double_gradient)
loss.backward()

print("h.grad =", h.grad)   # d loss / d h = 2 * h, doubled by the hook
print("x.grad =", x.grad)   # chain rule: h.grad * 2

# Hooks stay until removed; this second pass shows the undoubled gradient.
handle.remove()
x.grad = None
(x * 2).pow(2).sum().backward()
print("without the hook, x.grad =", x.grad)

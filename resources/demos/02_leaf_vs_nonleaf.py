# Title: Leaves, non-leaves, retain_grad and hooks
# Watch: only the leaf `x` has an AccumulateGrad node, so only x.grad is filled
#   in by default. `h.retain_grad()` adds a small retain-grad hook to `h`;
#   the hook registered on `y` fires as the gradient passes through y during
#   backward and doubles it before it flows on to MulBackward0 and x.
# Title[zh_CN]: 叶子张量、非叶子张量、retain_grad 与钩子
# Watch[zh_CN]: 只有叶子张量 `x` 有 AccumulateGrad 节点，所以默认只有 x.grad 会被填充。
#   `h.retain_grad()` 给 `h` 加上一个小小的 retain-grad 钩子；
#   注册在 `y` 上的钩子在反向传播中梯度经过 y 时触发，把梯度翻倍，然后梯度才继续流向 MulBackward0
#   和 x。
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

# Title: Dropout inside a checkpoint: preserve_rng_state
# Watch: The recompute runs dropout again. With preserve_rng_state=True (the
#   default) the random state of the forward is put back first, so it draws
#   the same mask: the zeros of w.grad sit where the output had zeros. With
#   preserve_rng_state=False it draws a new mask, and the gradient belongs
#   to a different network than the output. Click a mask tensor in the
#   recompute frame: the inspector shows its value at forward next to it.
# Title[zh_CN]: 检查点中的 dropout：preserve_rng_state
# Watch[zh_CN]: 重计算会再次运行 dropout。preserve_rng_state=True（默认值）时，会先恢复前向传播时的
#   随机状态，所以抽到相同的掩码：w.grad 中的零正好位于输出为零的位置。preserve_rng_state=False 时
#   会抽到新的掩码，梯度属于一个与输出不同的网络。点击重计算框中的掩码张量：
#   检查器会在旁边显示它在前向传播时的值。
# Title[ru]: Dropout внутри контрольной точки: preserve_rng_state
# Watch[ru]: Повторное вычисление снова выполняет dropout. При preserve_rng_state=True (по
#   умолчанию) сначала восстанавливается случайное состояние прямого прохода, поэтому маска та же:
#   нули w.grad стоят там, где нули были на выходе. При preserve_rng_state=False маска новая, и
#   градиент относится к другой сети, чем выход. Щёлкните по тензору маски в рамке повторного
#   вычисления: инспектор покажет рядом его значение при прямом проходе.
# Level: intermediate
import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
w = torch.tensor([1.0, -2.0, 0.5, 3.0, -1.0, 2.0], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])


def block(x):
    return F.dropout(x * w, p=0.5, training=True)


y = checkpoint(block, x, use_reentrant=False)
print("output:", y)
y.sum().backward()
print("w.grad:", w.grad)

w.grad = None
y = checkpoint(block, x, use_reentrant=False, preserve_rng_state=False)
print("output:", y)
y.sum().backward()
print("w.grad:", w.grad)

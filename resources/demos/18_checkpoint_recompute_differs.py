# Title: When the recompute is not the forward
# Watch: checkpointing assumes the function gives the same results when
#   backward runs it again. Here it does not: a dropout with
#   preserve_rng_state=False draws a new mask, and a global changes between
#   forward and backward. PyTorch raises nothing and the gradients are
#   silently wrong; the Error panel shows the first tensor where the
#   recompute differs from the forward, with its line.
# Title[zh_CN]: 当重计算不同于前向传播时
# Watch[zh_CN]: 梯度检查点假定反向传播再次运行函数时会得到相同的结果。这里却不是这样：一个
#   preserve_rng_state=False 的 dropout 抽取了新的掩码，
#   而且一个全局变量在前向传播和反向传播之间发生了变化。PyTorch 不会报任何错，梯度会悄无声息地出错；
#   错误面板会显示重计算结果与前向传播不同的第一个张量及其所在的代码行。
# Level: advanced
# Title[ru]: Когда повторное вычисление не совпадает с прямым проходом
# Watch[ru]: контрольные точки предполагают, что функция даёт те же результаты, когда обратный
#   проход выполняет её снова. Здесь это не так: dropout с preserve_rng_state=False генерирует
#   новую маску, а глобальная переменная меняется между прямым и обратным проходом. PyTorch не
#   выдаёт ошибки, и градиенты молча оказываются неверными; панель «Ошибка» показывает первый
#   тензор, в котором повторное вычисление отличается от прямого прохода, вместе с его строкой.
import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
w = torch.ones(64, requires_grad=True)


def block(x):
    h = x * w
    return F.dropout(h, p=0.5, training=True)


x = torch.ones(64)
# Default: the random state is stashed and restored, the mask is the same.
y = checkpoint(block, x, use_reentrant=False)
kept = y != 0
y.sum().backward()
print("same mask in backward:", torch.equal(w.grad != 0, kept))

w.grad = None
y = checkpoint(block, x, use_reentrant=False, preserve_rng_state=False)
kept = y != 0
y.sum().backward()
print("same mask in backward:", torch.equal(w.grad != 0, kept))

scale = 2.0
v = torch.tensor([1.0, -1.0], requires_grad=True)


def scaled(t):
    return (t * v) * scale


z = checkpoint(scaled, torch.ones(2), use_reentrant=False)
scale = 10.0  # changed before backward re-runs `scaled`
z.sum().backward()
print(v.grad)  # computed with scale = 10, although forward used 2

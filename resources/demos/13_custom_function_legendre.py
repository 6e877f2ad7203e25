# Title: Write your own autograd Function
# Watch: LegendrePolynomial3.apply(...) becomes a single node,
#   LegendrePolynomial3Backward, carrying the tensor its forward saved with
#   ctx.save_for_backward. In backward the engine calls your backward(ctx,
#   grad_output), which returns grad_output * 1.5 * (5 x^2 - 1) for the input
#   and sends it on to MulBackward0 and the parameters.
# Title[zh_CN]: 编写你自己的 autograd Function
# Watch[zh_CN]: LegendrePolynomial3.apply(...) 变成单个节点 LegendrePolynomial3Backward，
#   它携带着前向传播用 ctx.save_for_backward 保存的张量。反向传播时，引擎调用你的
#   backward(ctx, grad_output)，它为输入返回 grad_output * 1.5 * (5 x^2 - 1)，并把结果继续传给
#   MulBackward0 和各个参数。
# Level: intermediate
# Title[ru]: Напишите свою функцию autograd (Function)
# Watch[ru]: LegendrePolynomial3.apply(...) превращается в один узел,
#   LegendrePolynomial3Backward, который несёт тензор, сохранённый его forward через
#   ctx.save_for_backward. При обратном проходе движок вызывает ваш backward(ctx, grad_output),
#   который возвращает grad_output * 1.5 * (5 x^2 - 1) для входа, и передаёт этот градиент
#   дальше в MulBackward0 и параметрам.
import torch


class LegendrePolynomial3(torch.autograd.Function):
    """P3(x) = 1/2 (5x^3 - 3x), as in PyTorch's tutorial
    "Defining new autograd functions"."""

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


x = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0])
y = torch.tensor([-0.5, -0.25, 0.0, 0.25, 0.5])

b = torch.tensor(-1.0, requires_grad=True)
d = torch.tensor(0.5, requires_grad=True)

P3 = LegendrePolynomial3.apply
y_pred = b * P3(d * x)
print(y_pred.grad_fn.name(), y_pred.grad_fn.next_functions[1][0].name())

loss = (y_pred - y).pow(2).sum()
print("loss", loss.item())
loss.backward()
print("b.grad", b.grad)
print("d.grad", d.grad)

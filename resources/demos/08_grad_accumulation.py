# Title: Gradients accumulate
# Watch: each backward adds into w.grad instead of replacing it: the
#   AccumulateGrad node shows the running sum. Zeroing the gradient (as
#   optimizer.zero_grad() does) or setting it to None starts from scratch.
# Title[zh_CN]: 梯度会累加
# Watch[zh_CN]: 每次反向传播都会累加到 w.grad 中，而不是替换它：AccumulateGrad 节点显示累计的和。
#   把梯度清零（就像 optimizer.zero_grad() 所做的那样）或设为 None，就会从头开始。
# Level: beginner
# Title[ru]: Градиенты накапливаются
# Watch[ru]: каждый обратный проход прибавляет к w.grad, а не заменяет его: узел AccumulateGrad
#   показывает накопленную сумму. Обнуление градиента (как это делает optimizer.zero_grad()) или
#   присваивание ему None начинает всё заново.
import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)

loss1 = (3 * w).sum()
loss1.backward()
print("after loss1: w.grad =", w.grad)

loss2 = (w * w).sum()
loss2.backward()
print("after loss2: w.grad =", w.grad, "= 3 + 2w")

# Forgetting to zero the gradient between training steps is a classic bug.
w.grad.zero_()
print("zeroed:      w.grad =", w.grad)

loss3 = (w * w).sum()
loss3.backward()
print("after loss3: w.grad =", w.grad)

w.grad = None
print("set to None: w.grad =", w.grad)

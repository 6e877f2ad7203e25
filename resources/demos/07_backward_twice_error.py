# Title: Backward twice, and retain_graph=True
# Watch: after a normal backward every node frees its saved tensors (the
#   badges disappear). With retain_graph=True they are kept, so a second
#   backward works and the gradients add up in x.grad. The last backward
#   without retain_graph frees them, and the one after it has nothing to
#   unpack.
# Title[zh_CN]: 两次反向传播，以及 retain_graph=True
# Watch[zh_CN]: 普通的反向传播之后，每个节点都会释放它保存的张量（标记随之消失）。使用
#   retain_graph=True 时它们会被保留，因此第二次反向传播可以运行，梯度在 x.grad
#   中累加。最后一次不带 retain_graph 的反向传播释放了它们，于是再之后的那一次就没有东西可以解包了。
# Level: beginner
# Title[ru]: Обратный проход дважды и retain_graph=True
# Watch[ru]: после обычного обратного прохода каждый узел освобождает свои сохранённые тензоры
#   (значки исчезают). С retain_graph=True они остаются, поэтому второй обратный проход
#   работает, и градиенты суммируются в x.grad. Последний обратный проход без retain_graph
#   освобождает их, и следующему за ним уже нечего распаковывать.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()          # MulBackward0 saves x twice

y.backward(retain_graph=True)
print("after the 1st backward: x.grad =", x.grad)

y.backward()               # allowed: the graph was retained; this one frees it
print("after the 2nd backward: x.grad =", x.grad)

y.backward()               # RuntimeError: Trying to backward through the graph a second time

# Title: A leaf moved into the graph interior
# Watch: `v` is a view of `x` that we turned into a leaf, so the graph of `y`
#   ends in AccumulateGrad(v). Then `x.mul_(w)` makes x (and therefore its view
#   v) part of the graph: v now has a grad_fn. When backward reaches the old
#   AccumulateGrad, its variable is no longer a leaf and PyTorch gives up.
# Title[zh_CN]: 被移入计算图内部的叶子张量
# Watch[zh_CN]: `v` 是 `x` 的视图，我们把它变成了叶子张量，因此 `y` 的计算图终止于
#   AccumulateGrad(v)。接着 `x.mul_(w)` 让 x（因而也让它的视图 v）成为计算图的一部分：v 现在有了
#   grad_fn。反向传播到达旧的 AccumulateGrad 时，它的变量已不再是叶子张量，PyTorch 只好放弃。
# Level: advanced
# Title[ru]: Лист, оказавшийся внутри графа
# Watch[ru]: `v` — представление (view) `x`, которое мы превратили в лист, поэтому граф `y`
#   заканчивается на AccumulateGrad(v). Затем `x.mul_(w)` делает x (а значит, и его
#   представление v) частью графа: теперь у v есть grad_fn. Когда обратный проход доходит до
#   старого AccumulateGrad, его переменная уже не лист, и PyTorch сдаётся.
import torch

x = torch.zeros(3)
v = x[0:2]                 # a view of x
v.requires_grad_()         # allowed: v does not come from a recorded op
print("v.is_leaf =", v.is_leaf)

y = (v * 2).sum()          # the graph of y ends in AccumulateGrad(v)

w = torch.ones(3, requires_grad=True)
x.mul_(w)                  # in place on the base, with an input that requires grad
print("v.is_leaf =", v.is_leaf, " v.grad_fn =", v.grad_fn)

y.backward()               # RuntimeError: leaf variable has been moved into the graph interior

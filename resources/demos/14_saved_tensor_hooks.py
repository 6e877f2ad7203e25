# Title: Saved-tensor hooks: pack and unpack
# Watch: inside saved_tensors_hooks every tensor an op saves for backward
#   goes through pack_hook first (the badge says what holds it), and backward
#   gets it back through unpack_hook just before the node runs. MulBackward0
#   saves both inputs; ExpBackward0 saves its result. Hooked tensors are not
#   version-checked: the in-place change to c after saving is not caught by
#   PyTorch, and the badge turns red to show it.
# Title[zh_CN]: 保存张量钩子：pack 与 unpack
# Watch[zh_CN]: 在 saved_tensors_hooks 内部，操作为反向传播保存的每个张量都会先经过
#   pack_hook（标记会显示是什么持有它），反向传播则在节点运行之前通过 unpack_hook
#   把它取回。MulBackward0 保存两个输入；ExpBackward0 保存它的结果。被钩子处理的张量不做版本检查：
#   保存之后对 c 的原地修改不会被 PyTorch 发现，标记会变红来表明这一点。
# Level: intermediate
# Title[ru]: Хуки сохранённых тензоров: pack и unpack
# Watch[ru]: внутри saved_tensors_hooks каждый тензор, который операция сохраняет для обратного
#   прохода, сначала проходит через pack_hook (значок показывает, что его хранит), а обратный
#   проход получает его обратно через unpack_hook непосредственно перед выполнением узла.
#   MulBackward0 сохраняет оба входа; ExpBackward0 сохраняет свой результат. Версии тензоров,
#   прошедших через хуки, не проверяются: изменение c на месте после сохранения PyTorch не
#   замечает, а значок становится красным, чтобы это показать.
import torch


def pack_hook(x):
    print("Packing", x)
    return x


def unpack_hook(x):
    print("Unpacking", x)
    return x


a = torch.ones(3, requires_grad=True)
b = torch.ones(3, requires_grad=True) * 2
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b
    z = y.exp()
z.sum().backward()
print(a.grad)

# No version check on hooked tensors: PyTorch raises nothing here.
c = torch.tensor([1.0, 2.0, 3.0], requires_grad=True).clone()
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    w = c * c
c.add_(1)
w.sum().backward()

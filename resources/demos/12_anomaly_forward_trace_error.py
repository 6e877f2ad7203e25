# Title: Finding the culprit with anomaly mode
# Watch: the same kind of stale saved tensor as before, but in a helper
#   function. set_detect_anomaly(True) records, for every node, the forward
#   stack trace that created it; when ExpBackward0 fails, the warning prints
#   that trace, naming the line inside `activation` that saved the tensor.
# Title[zh_CN]: 用异常检测模式找出罪魁祸首
# Watch[zh_CN]: 与前面同类的过期保存张量，但这次位于一个辅助函数中。set_detect_anomaly(True)
#   会为每个节点记录创建它的前向调用栈；当 ExpBackward0 失败时，警告会打印这段轨迹，指出
#   `activation` 中保存该张量的那一行。
# Level: advanced
# Title[ru]: Поиск виновника с помощью режима обнаружения аномалий
# Watch[ru]: тот же вид устаревшего сохранённого тензора, что и раньше, но во вспомогательной
#   функции. set_detect_anomaly(True) записывает для каждого узла трассу стека прямого прохода,
#   который его создал; когда ExpBackward0 завершается ошибкой, предупреждение выводит эту
#   трассу и называет строку внутри `activation`, которая сохранила тензор.
import torch

torch.autograd.set_detect_anomaly(True)


def activation(t):
    return t.exp()         # ExpBackward0 saves its result


def normalise(t):
    t.div_(t.sum())        # in place: the saved result changes
    return t


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
h = activation(x)
p = normalise(h)
print("p =", p)
p[0].backward()

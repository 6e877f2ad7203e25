# Title: Finding the culprit with anomaly mode
# Watch: the same kind of stale saved tensor as before, but in a helper
#   function. set_detect_anomaly(True) records, for every node, the forward
#   stack trace that created it; when ExpBackward0 fails, the warning prints
#   that trace, naming the line inside `activation` that saved the tensor.
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

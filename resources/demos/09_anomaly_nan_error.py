# Title: A NaN caught by anomaly mode
# Watch: log(0) is -inf in the forward pass. Multiplying by 0 hides it: the
#   loss is a clean 0. In backward, LogBackward0 computes grad / x = 0 / 0 =
#   nan. With detect_anomaly on, every backward output is checked, the
#   failing node is highlighted, and the forward trace points at the line
#   that created it.
# Title[zh_CN]: 被异常检测模式捕获的 NaN
# Watch[zh_CN]: 在前向传播中 log(0) 是 -inf。乘以 0 把它掩盖了：loss 是干净的 0。反向传播时，
#   LogBackward0 计算 grad / x = 0 / 0 = nan。开启 detect_anomaly 后，反向传播的每个输出都会被检查，
#   出错节点会被高亮显示，前向轨迹会指向创建它的那一行。
# Level: intermediate
# Title[ru]: NaN, пойманный режимом обнаружения аномалий
# Watch[ru]: в прямом проходе log(0) равен -inf. Умножение на 0 скрывает это: loss получается
#   чистым 0. При обратном проходе LogBackward0 вычисляет grad / x = 0 / 0 = nan. При включённом
#   detect_anomaly проверяется каждый выход обратного прохода, узел с ошибкой подсвечивается, а
#   трасса прямого прохода указывает на строку, которая его создала.
import torch

with torch.autograd.detect_anomaly():
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = torch.log(x)       # tensor([-inf, 0.])
    print("y =", y)
    loss = (y * 0).sum()   # the -inf is multiplied away...
    print("loss =", loss)
    loss.backward()        # ...but its gradient is 0 / 0

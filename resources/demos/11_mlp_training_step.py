# Title: One training step of a small MLP
# Watch: nn.Linear becomes AddmmBackward0 (bias + input @ weight.T), with
#   TBackward0 for the transposed weight; the Tanh layer saves its output.
#   MseLossBackward0 starts the backward pass, every parameter's
#   AccumulateGrad receives its gradient, and optimizer.step() updates the
#   parameters in place under no_grad, bumping their versions.
# Title[zh_CN]: 小型 MLP 的一步训练
# Watch[zh_CN]: nn.Linear 变成 AddmmBackward0（bias + input @ weight.T），另有 TBackward0
#   对应转置后的权重；Tanh 层保存它的输出。MseLossBackward0 开始反向传播，每个参数的 AccumulateGrad
#   收到各自的梯度，optimizer.step() 在 no_grad 下原地更新参数，使它们的版本递增。
# Level: beginner
# Title[ru]: Один шаг обучения небольшого MLP
# Watch[ru]: nn.Linear превращается в AddmmBackward0 (bias + input @ weight.T) с TBackward0 для
#   транспонированного веса; слой Tanh сохраняет свой выход. MseLossBackward0 начинает обратный
#   проход, AccumulateGrad каждого параметра получает свой градиент, а optimizer.step()
#   обновляет параметры на месте под no_grad, увеличивая их версии.
import torch
import torch.nn as nn

model = nn.Sequential(
    nn.Linear(2, 3),
    nn.Tanh(),
    nn.Linear(3, 1),
)
print(model)

# Random initial weights would make the output differ on every machine: set them.
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[0.5, -0.5], [0.25, 0.75], [-1.0, 0.5]]))
    model[0].bias.fill_(0.1)
    model[2].weight.copy_(torch.tensor([[1.0, -1.0, 0.5]]))
    model[2].bias.zero_()

inputs = torch.tensor([[1.0, 2.0], [0.0, -1.0]])
targets = torch.tensor([[1.0], [0.0]])
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

prediction = model(inputs)
loss = loss_fn(prediction, targets)
print("prediction =", prediction)
print("loss =", loss)

optimizer.zero_grad()
loss.backward()
for name, parameter in model.named_parameters():
    print(name, "grad =", parameter.grad)

optimizer.step()
print("first layer weight after the step:", model[0].weight)
print("new loss =", loss_fn(model(inputs), targets))

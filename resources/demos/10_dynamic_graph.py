# Title: A dynamic graph, rebuilt in a loop
# Watch: every pass through the loop records a fresh graph whose depth depends
#   on the data: the while loop runs until the value is small, so the chain of
#   MulBackward0 nodes has a different length each time. Backward follows
#   exactly the operations that ran.
# Title[zh_CN]: 在循环中重建的动态计算图
# Watch[zh_CN]: 每次循环都会记录一个新的计算图，其深度取决于数据：
#   while 循环一直运行到数值足够小为止，因此 MulBackward0 节点链每次的长度都不同。
#   反向传播严格沿着实际运行过的操作进行。
# Level: intermediate
# Title[ru]: Динамический граф, который заново строится в цикле
# Watch[ru]: каждая итерация цикла записывает новый граф, глубина которого зависит от данных:
#   цикл while выполняется, пока значение не станет малым, поэтому цепочка узлов MulBackward0
#   каждый раз имеет разную длину. Обратный проход следует ровно по тем операциям, которые были
#   выполнены.
import torch

x = torch.tensor(1.5, requires_grad=True)

for start in [1.0, 4.0, 20.0]:
    y = x * start
    steps = 0
    while y > 1:           # Python control flow decides the graph's shape
        y = y * 0.5
        steps += 1
    y.backward()
    # dy/dx = start * 0.5 ** steps
    print(f"start {start}: {steps} halvings, y = {y.item():.4f}, dy/dx = {x.grad.item():.4f}")
    x.grad = None          # a fresh gradient for the next graph

# Control flow driven by tensor values: while on a 0-d tensor, if on a comparison.
import torch

x = torch.tensor(10.0)
steps = 0
while x > 1:
    x = x / 2
    steps += 1
print(steps, x)
t = torch.tensor([3.0, -1.0, 2.0])
for value in t:
    if value > 0:
        print("positive", value)
    elif value == 0:
        print("zero")
    else:
        print("negative", value.item())
if (t > 0).sum() >= 2:
    print("two positives")
print(bool(torch.tensor(1.0)), bool(torch.tensor(0)))
print(int(torch.tensor(3.7)), float(torch.tensor(2)))
n = 0
for i in range(100):
    if i == 3:
        continue
    if i > 5:
        break
    n += i
print(n)

# Catching autograd errors as Python exceptions and printing their message.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    x.add_(1)
except RuntimeError as e:
    print("caught:", e)

y = (x * x).sum()
y.backward()
try:
    y.backward()
except RuntimeError as e:
    print(type(e).__name__)
    print(str(e))

try:
    torch.ones(2, 3) + torch.ones(4)
except RuntimeError as e:
    print(e)

try:
    torch.ones(2, 3).view(4)
except RuntimeError as e:
    print(e)
finally:
    print("finally runs")

try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as e:
    print(e)

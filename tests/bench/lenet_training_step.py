# Benchmark (README table): LeNet-style training steps, conv + pool + linear + cross
# entropy + SGD, timed inside the script so that start-up is left out. Run the same file
# with `autogradviz --run` and with Debian's `/usr/bin/python3` (PyTorch 1.13) and compare
# the printed times; the printed loss must be the same in both.
import time
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
net = nn.Sequential(nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(6, 16, 5), nn.ReLU(),
                    nn.MaxPool2d(2), nn.Flatten(), nn.Linear(16 * 4 * 4, 120), nn.ReLU(), nn.Linear(120, 10))
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
images = (torch.arange(32 * 28 * 28.) * 0.01).sin().reshape(32, 1, 28, 28)
labels = torch.tensor([i % 10 for i in range(32)])

steps = 20
start = time.perf_counter()
for _ in range(steps):
    optimizer.zero_grad()
    loss = F.cross_entropy(net(images), labels)
    loss.backward()
    optimizer.step()
elapsed = time.perf_counter() - start
print(f"loss {loss.item()!r}")
print(f"{1000 * elapsed / steps:.2f} ms per step")

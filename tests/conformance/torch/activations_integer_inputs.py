# leaky_relu is a structured kernel on self's own dtype: integer and bool tensors are refused
# (relu, sigmoid and hardtanh are not), with the kernel's name.
import torch
import torch.nn.functional as F
x = torch.tensor([[-2, 3]])
for f in [lambda: F.leaky_relu(x, 0.1), lambda: F.leaky_relu(x), lambda: torch.nn.LeakyReLU()(x), lambda: F.leaky_relu(x.bool()),
          lambda: F.relu(x), lambda: F.elu(x), lambda: F.gelu(x), lambda: F.silu(x), lambda: torch.sigmoid(x), lambda: F.hardtanh(x), lambda: F.softplus(x), lambda: F.leaky_relu_(x.clone())]:
    try:
        print(f())
    except RuntimeError as e:
        print(e)

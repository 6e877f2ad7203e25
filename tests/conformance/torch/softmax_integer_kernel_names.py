# softmax and log_softmax of integer tensors: the kernel named in the error (1.13's
# log_softmax over a dim other than the last dispatches under softmax_kernel_impl).
import torch
x = torch.arange(6).reshape(2, 3)
for f in [lambda: torch.log_softmax(x, 1), lambda: torch.log_softmax(x, 0), lambda: torch.softmax(x, 1), lambda: torch.softmax(x, 0),
          lambda: x.log_softmax(-1), lambda: torch.log_softmax(torch.tensor(3), 0), lambda: torch.softmax(torch.arange(3), 0), lambda: torch.log_softmax(torch.arange(3), 0)]:
    try:
        f()
    except RuntimeError as e:
        print(e)

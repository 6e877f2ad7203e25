# torch.get/set_num_threads and the interop ones: the values a script sets, PyTorch's checks.
import torch
for f in [lambda: torch.set_num_threads(0), lambda: torch.set_num_threads('a'), lambda: torch.set_num_threads(3),
          lambda: torch.get_num_threads(), lambda: torch.set_num_interop_threads(2), lambda: torch.get_num_interop_threads()]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

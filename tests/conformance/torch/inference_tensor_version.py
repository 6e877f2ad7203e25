# An inference tensor has no version counter: reading _version raises PyTorch's error.
import torch
with torch.inference_mode():
    y = torch.ones(2)
try: y._version
except Exception as e: print(type(e).__name__, e)
x = torch.ones(2)
with torch.inference_mode():
    z = x.view(2)
try: print(z._version)
except Exception as e: print(type(e).__name__, e)
print(x._version)

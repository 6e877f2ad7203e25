# Found by the differential fuzzer: Tensor.is_inference(), the method form of
# torch.is_inference.
import torch

x = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    y = x * 2
    print(torch.is_inference_mode_enabled(), y.is_inference(), x.is_inference())
print(y.is_inference(), torch.is_inference(y), (x * 2).is_inference())
try:
    x * y
except RuntimeError as e:
    print(e)

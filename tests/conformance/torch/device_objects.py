# torch.device objects without a GPU: "cuda" names the current device and keeps no index,
# "cuda:0" names device 0; the two are different devices to ==, hash and str.
import torch

for spec in [("cuda",), ("cuda:0",), ("cuda", 0), ("cuda:1",), ("cpu",), ("cpu", 0), (0,), (2,)]:
    d = torch.device(*spec)
    print(spec, "->", repr(d), str(d), d.type, d.index)

cuda, cuda0 = torch.device("cuda"), torch.device("cuda:0")
print(cuda == cuda0, cuda == torch.device("cuda"), cuda0 == torch.device("cuda", 0))
print(len({cuda, cuda0, torch.device("cuda")}), cuda != cuda0)
print(f"{cuda}", "%s" % cuda0, [cuda, cuda0])
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, device.index)
x = torch.ones(2, device=device)
print(x.device, x.device == device, x.is_cuda)
for bad in ["cuda:-1", "cuda:01", "cuda:", "gpu", "cuda 0"]:
    try:
        torch.device(bad)
    except RuntimeError as e:
        print(bad, "->", e)
try:
    torch.device("cuda:0", 1)
except RuntimeError as e:
    print(e)
try:
    torch.device("cpu", 1)
except RuntimeError as e:
    print(e)
print(repr(torch.device("cpu", 1)), torch.device("cpu", 0) == torch.device("cpu"))
print(torch.ones(1, device=torch.device("cpu", 0)).device)

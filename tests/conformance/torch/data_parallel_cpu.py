# nn.DataParallel where no GPU is available: the wrapper runs the module as is, keeps it
# under `.module` (state_dict keys gain the "module." prefix) and gradients flow through.
# The functional data_parallel() has no such path in 1.13 and fails.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
net = nn.DataParallel(model)
print(net)
print(net.device_ids, net.module is model)
print(list(net.state_dict().keys()))
x = torch.tensor([[1.0, -2.0, 0.5], [0.25, 1.5, -1.0]])
out = net(x)
print(out)
print(type(out.grad_fn).__name__)
out.sum().backward()
print(model[0].weight.grad)
print(isinstance(net, nn.Module), type(net).__name__, len(list(net.parameters())))
for kwargs in ({}, {"device_ids": [0]}):
    try:
        nn.parallel.data_parallel(model, x, **kwargs)
    except Exception as e:
        print(type(e).__name__, e)

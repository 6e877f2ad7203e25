# torch.load of a file written by real PyTorch 1.13's torch.save (serialization_pytorch_1_13.pt,
# committed beside this script). It was made with:
#   x = torch.arange(12.).reshape(3, 4); lin = torch.nn.Linear(4, 2) (weights set by hand),
#   opt = torch.optim.SGD(lin.parameters(), lr=0.1, momentum=0.9); one step on lin(x).sum();
#   torch.save(OrderedDict(x=x, xt=x.t(), row=x[1], cols=x[:, 1:3], bcast=tensor([1., 2.]).expand(3, 2),
#       param=Parameter(...), frozen=Parameter(..., requires_grad=False), model=lin.state_dict(),
#       optim=opt.state_dict(), long=..., mask=..., double=..., scalar=tensor(3.25), empty=zeros(0, 3),
#       grad=tensor([2., 3.], requires_grad=True), plain={...}), 'serialization_pytorch_1_13.pt')
import io
import os

import torch

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'serialization_pytorch_1_13.pt')
obj = torch.load(path)
print(type(obj).__name__, list(obj.keys()))
for key, value in obj.items():
    if isinstance(value, torch.Tensor):
        print(key, type(value).__name__, value.dtype, tuple(value.shape), value.stride(), value.storage_offset(),
              value.requires_grad, value.is_leaf, value._is_view())
        print(value)
    else:
        print(key, value)

# Views saved over one storage share it again after loading.
obj['x'].mul_(10)
print(obj['xt'])
print(obj['row'], obj['cols'], obj['bcast'])

# The state dicts load into a model and an optimizer.
lin = torch.nn.Linear(4, 2)
print(lin.load_state_dict(obj['model']))
print(lin.weight, lin.bias)
opt = torch.optim.SGD(lin.parameters(), lr=0.5)
opt.load_state_dict(obj['optim'])
print(opt.state_dict())
print(opt)

# map_location, and a file-like object.
with open(path, 'rb') as f:
    data = f.read()
for location in ['cpu', torch.device('cpu'), {'cpu': 'cpu'}, lambda storage, loc: storage, lambda storage, loc: None]:
    loaded = torch.load(io.BytesIO(data), map_location=location)
    print(loaded['x'].device, loaded['scalar'])

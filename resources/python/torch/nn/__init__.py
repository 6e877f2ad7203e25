"""torch.nn: Module, layers, losses, init and functional. The layers, init, utils and
parallel load the first time their name is read (Note [Names loaded on first use] in
core/python/lazy_attributes.cpp); `import torch` imports only what every script needs."""

import _agv_torch as _C
from torch.nn.parameter import Parameter, UninitializedBuffer, UninitializedParameter
from torch.nn import functional
from torch.nn import modules as _modules

_C._attributes_on_first_use(globals(), {
    **{name: "torch.nn.modules" for names in _modules._LAYERS.values() for name in names},
    "modules": "torch.nn.modules",
    "init": "torch.nn.init",
    "utils": "torch.nn.utils",
    "parallel": "torch.nn.parallel",
    "DataParallel": "torch.nn.parallel",
})
del _C, _modules

"""torch.optim: SGD, Adam, AdamW, Adamax, NAdam, RAdam, RMSprop, Rprop, Adagrad, Adadelta, ASGD, LBFGS and the
learning-rate schedulers."""

import _agv_torch as _C

# Each optimiser loads the first time its name is read (Note [Names loaded on first use] in
# core/python/lazy_attributes.cpp); as in PyTorch, the submodules themselves are not names
# of torch.optim.
_C._attributes_on_first_use(globals(), {
    "Optimizer": "torch.optim.optimizer",
    "SGD": "torch.optim.sgd",
    "Adam": "torch.optim.adam",
    "AdamW": "torch.optim.adamw",
    "RMSprop": "torch.optim.rmsprop",
    "Adagrad": "torch.optim.adagrad",
    "Adadelta": "torch.optim.adadelta",
    "LBFGS": "torch.optim.lbfgs",
    "Adamax": "torch.optim.adamax",
    "NAdam": "torch.optim.nadam",
    "RAdam": "torch.optim.radam",
    "ASGD": "torch.optim.asgd",
    "Rprop": "torch.optim.rprop",
})
del _C

from torch._lazy_module import imported_on_first_use as _imported_on_first_use

# After a plain `import torch`, as in PyTorch; its body runs on first use.
lr_scheduler = _imported_on_first_use("torch.optim.lr_scheduler")

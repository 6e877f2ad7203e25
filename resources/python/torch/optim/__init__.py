"""torch.optim: SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, LBFGS and the learning-rate schedulers."""

from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.rmsprop import RMSprop
from torch.optim.adagrad import Adagrad
from torch.optim.adadelta import Adadelta
from torch.optim.lbfgs import LBFGS


def __getattr__(name):
    # torch.optim.lr_scheduler after a plain `import torch`, compiled only when used
    # (see torch/utils/__init__.py).
    if name == "lr_scheduler":
        import importlib
        return importlib.import_module("torch.optim.lr_scheduler")
    raise AttributeError("module 'torch.optim' has no attribute '" + name + "'")

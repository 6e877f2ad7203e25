"""torch.optim: SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, LBFGS and the learning-rate schedulers."""

from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.rmsprop import RMSprop
from torch.optim.adagrad import Adagrad
from torch.optim.adadelta import Adadelta
from torch.optim.lbfgs import LBFGS

from torch._lazy_module import imported_on_first_use as _imported_on_first_use

# After a plain `import torch`, as in PyTorch; its body runs on first use.
lr_scheduler = _imported_on_first_use("torch.optim.lr_scheduler")

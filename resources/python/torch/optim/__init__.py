"""torch.optim: SGD, Adam, AdamW, RMSprop, Adagrad and the learning-rate schedulers."""

from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.rmsprop import RMSprop
from torch.optim.adagrad import Adagrad
from torch.optim import lr_scheduler

from torch.nn.modules.module import Module
from torch.nn.modules.linear import Identity, Linear
from torch.nn.modules.activation import GELU, LeakyReLU, LogSoftmax, ReLU, Sigmoid, Softmax, Tanh
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.flatten import Flatten
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential
from torch.nn.modules.loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, L1Loss, MSELoss, NLLLoss,
                                   SmoothL1Loss)

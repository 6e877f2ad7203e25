from torch.nn.modules.module import Module
from torch.nn.modules.linear import Identity, LazyLinear, Linear
from torch.nn.modules.activation import (ELU, GELU, Hardtanh, LeakyReLU, LogSigmoid, LogSoftmax, ReLU, ReLU6,
                                         Sigmoid, SiLU, Softmax, Softplus, Tanh)
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d
from torch.nn.modules.normalization import GroupNorm, LayerNorm
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.conv import Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d
from torch.nn.modules.dropout import Dropout, Dropout1d, Dropout2d, Dropout3d
from torch.nn.modules.pooling import AdaptiveAvgPool2d, AvgPool1d, AvgPool2d, MaxPool1d, MaxPool2d
from torch.nn.modules.flatten import Flatten, Unflatten
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential
from torch.nn.modules.loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss, MSELoss,
                                   NLLLoss, SmoothL1Loss)
from torch.nn.modules.rnn import GRUCell, LSTMCell, RNNCell, RNNCellBase

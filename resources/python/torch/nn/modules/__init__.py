from torch.nn.modules.module import Module
from torch.nn.modules.linear import Identity, LazyLinear, Linear
from torch.nn.modules.activation import (CELU, ELU, GELU, GLU, Hardshrink, Hardsigmoid, Hardswish, Hardtanh, LeakyReLU,
                                         LogSigmoid, LogSoftmax, Mish, PReLU, ReLU, ReLU6, SELU, Sigmoid, SiLU, Softmax,
                                         Softmin, Softplus, Softshrink, Softsign, Tanh, Tanhshrink, Threshold)
from torch.nn.modules.distance import CosineSimilarity, PairwiseDistance
from torch.nn.modules.padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ReflectionPad1d,
                                      ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d,
                                      ReplicationPad3d, ZeroPad2d)
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from torch.nn.modules.normalization import GroupNorm, LayerNorm
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.conv import Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d
from torch.nn.modules.dropout import Dropout, Dropout1d, Dropout2d, Dropout3d
from torch.nn.modules.pooling import AdaptiveAvgPool2d, AvgPool1d, AvgPool2d, MaxPool1d, MaxPool2d
from torch.nn.modules.flatten import Flatten, Unflatten
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential
from torch.nn.modules.loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss, MSELoss,
                                   NLLLoss, SmoothL1Loss)
from torch.nn.modules.rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase

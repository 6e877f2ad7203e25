"""torch.nn: Module, layers, losses, init and functional."""

from torch.nn.parameter import Parameter, UninitializedBuffer, UninitializedParameter
from torch.nn import functional, init
from torch.nn.modules import *  # noqa: F401,F403
from torch.nn import utils

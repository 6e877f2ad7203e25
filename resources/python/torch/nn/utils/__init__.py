"""torch.nn.utils: gradient clipping, parameters as one vector, pad_sequence (in rnn),
skip_init, the stateless functional call, weight and spectral normalisation and
parametrizations (torch.nn.utils.prune is imported on its own, as in PyTorch)."""

from torch._lazy_module import imported_on_first_use as _imported_on_first_use
from torch.nn.utils import rnn, stateless  # noqa: F401
from torch.nn.utils.clip_grad import clip_grad_norm, clip_grad_norm_, clip_grad_value_  # noqa: F401
from torch.nn.utils.convert_parameters import parameters_to_vector, vector_to_parameters  # noqa: F401
from torch.nn.utils.init import skip_init  # noqa: F401
from torch.nn.utils.spectral_norm import spectral_norm, remove_spectral_norm  # noqa: F401
from torch.nn.utils.weight_norm import weight_norm, remove_weight_norm  # noqa: F401

parametrize = _imported_on_first_use("torch.nn.utils.parametrize")
parametrizations = _imported_on_first_use("torch.nn.utils.parametrizations")

"""torch.nn.utils.spectral_norm: a weight divided by its largest singular value (Miyato et
al., https://arxiv.org/abs/1802.05957), estimated by power iteration in a forward pre-hook.
The parameter becomes `<name>_orig`; the singular vector estimates are the buffers
`<name>_u` and `<name>_v`."""

import torch
from torch.nn.functional import normalize

__all__ = ['SpectralNorm', 'SpectralNormLoadStateDictPreHook', 'SpectralNormStateDictHook',
           'spectral_norm', 'remove_spectral_norm']


class SpectralNorm:
    """The forward pre-hook that sets `module.<name>` to `<name>_orig / sigma`.

    Between forwards u = normalize(W @ v) holds (not yet at registration). Version 1 of the
    state dict format stores v and no longer W, and eval mode computes sigma = u @ W @ v
    from the stored vectors instead of reusing W."""

    _version = 1

    def __init__(self, name='weight', n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        if n_power_iterations <= 0:
            raise ValueError('Expected n_power_iterations to be positive, but '
                             'got n_power_iterations={}'.format(n_power_iterations))
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        """The weight as a matrix whose rows run along `dim`."""
        weight_mat = weight
        if self.dim != 0:
            weight_mat = weight_mat.permute(self.dim, *[d for d in range(weight_mat.dim()) if d != self.dim])
        height = weight_mat.size(0)
        return weight_mat.reshape(height, -1)

    def compute_weight(self, module, do_power_iteration):
        weight = getattr(module, self.name + '_orig')
        u = getattr(module, self.name + '_u')
        v = getattr(module, self.name + '_v')
        weight_mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with torch.no_grad():
                # The buffers are updated in place, so that a replica of the module that
                # shares them (DataParallel) updates the original's too.
                for _ in range(self.n_power_iterations):
                    v = normalize(torch.mv(weight_mat.t(), u), dim=0, eps=self.eps, out=v)
                    u = normalize(torch.mv(weight_mat, v), dim=0, eps=self.eps, out=u)
                # Clones, so that the next forward's in-place update does not invalidate the
                # vectors this forward's graph saved (two forwards, one backward, as in GANs).
                u = u.clone(memory_format=torch.contiguous_format)
                v = v.clone(memory_format=torch.contiguous_format)
        sigma = torch.dot(u, torch.mv(weight_mat, v))
        return weight / sigma

    def remove(self, module):
        with torch.no_grad():
            weight = self.compute_weight(module, do_power_iteration=False)
        delattr(module, self.name)
        delattr(module, self.name + '_u')
        delattr(module, self.name + '_v')
        delattr(module, self.name + '_orig')
        module.register_parameter(self.name, torch.nn.Parameter(weight.detach()))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module, do_power_iteration=module.training))

    def _solve_v_and_rescale(self, weight_mat, u, target_sigma):
        # PyTorch solves for the v with u = normalize(W @ v) through pinverse(W^T W),
        # which the engine does not have.
        raise NotImplementedError("autogradviz: loading a spectral_norm state dict saved before version 1 "
                                  "(with the normalised weight and without weight_v) is not supported yet")

    @staticmethod
    def apply(module, name, n_power_iterations, dim, eps):
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError("Cannot register two spectral_norm hooks on the same parameter {}".format(name))
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = module._parameters[name]
        if weight is None:
            raise ValueError(f'`SpectralNorm` cannot be applied as parameter `{name}` is None')
        if isinstance(weight, torch.nn.parameter.UninitializedParameter):
            raise ValueError(
                "The module passed to `SpectralNorm` can't have uninitialized parameters. "
                "Make sure to run the dummy forward before applying spectral normalization")
        with torch.no_grad():
            weight_mat = fn.reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            # Two draws from the global generator, u's first: seeded runs depend on them.
            u = normalize(weight.new_empty(h).normal_(0, 1), dim=0, eps=fn.eps)
            v = normalize(weight.new_empty(w).normal_(0, 1), dim=0, eps=fn.eps)
        delattr(module, fn.name)
        module.register_parameter(fn.name + "_orig", weight)
        # Code that reads module.<name> before the first forward (initialisers) finds the
        # weight as a plain attribute; a Parameter would be registered as one.
        setattr(module, fn.name, weight.data)
        module.register_buffer(fn.name + "_u", u)
        module.register_buffer(fn.name + "_v", v)
        module.register_forward_pre_hook(fn)
        module._register_state_dict_hook(SpectralNormStateDictHook(fn))
        module._register_load_state_dict_pre_hook(SpectralNormLoadStateDictPreHook(fn))
        return fn


class SpectralNormLoadStateDictPreHook:
    """Converts a state dict saved before version 1 (which stored W and no v): with
    u = normalize(W_orig @ v) and W = W_orig / sigma, v solves W_orig @ x = u, rescaled
    so that u @ W_orig @ v = sigma."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        fn = self.fn
        version = local_metadata.get('spectral_norm', {}).get(fn.name + '.version', None)
        if version is not None and version >= 1:
            return
        weight_key = prefix + fn.name
        # A hand-made state dict in the current format, only without the metadata.
        if version is None and all(weight_key + s in state_dict for s in ('_orig', '_u', '_v')) and \
                weight_key not in state_dict:
            return
        has_missing_keys = False
        for suffix in ('_orig', '', '_u'):
            key = weight_key + suffix
            if key not in state_dict:
                has_missing_keys = True
                if strict:
                    missing_keys.append(key)
        if has_missing_keys:
            return
        with torch.no_grad():
            weight_orig = state_dict[weight_key + '_orig']
            weight = state_dict.pop(weight_key)
            sigma = (weight_orig / weight).mean()
            weight_mat = fn.reshape_weight_to_matrix(weight_orig)
            u = state_dict[weight_key + '_u']
            v = fn._solve_v_and_rescale(weight_mat, u, sigma)
            state_dict[weight_key + '_v'] = v


class SpectralNormStateDictHook:
    """Records the format version in the state dict's metadata."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, module, state_dict, prefix, local_metadata):
        if 'spectral_norm' not in local_metadata:
            local_metadata['spectral_norm'] = {}
        key = self.fn.name + '.version'
        if key in local_metadata['spectral_norm']:
            raise RuntimeError("Unexpected key in metadata['spectral_norm']: {}".format(key))
        local_metadata['spectral_norm'][key] = self.fn._version


def spectral_norm(module, name='weight', n_power_iterations=1, eps=1e-12, dim=None):
    """Replaces `module.<name>` by itself over its spectral norm, estimated with
    n_power_iterations steps per training forward; dim defaults to 1 for transposed
    convolutions (their output channels) and 0 otherwise. Returns the module."""
    if dim is None:
        if isinstance(module, torch.nn.modules.conv._ConvTransposeNd):
            dim = 1
        else:
            dim = 0
    SpectralNorm.apply(module, name, n_power_iterations, dim, eps)
    return module


def remove_spectral_norm(module, name='weight'):
    """Makes `module.<name>` a plain parameter again, the last normalised weight."""
    for key, hook in module._forward_pre_hooks.items():
        if isinstance(hook, SpectralNorm) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[key]
            break
    else:
        raise ValueError("spectral_norm of '{}' not found in {}".format(name, module))
    for key, hook in module._state_dict_hooks.items():
        if isinstance(hook, SpectralNormStateDictHook) and hook.fn.name == name:
            del module._state_dict_hooks[key]
            break
    for key, hook in module._load_state_dict_pre_hooks.items():
        if isinstance(hook, SpectralNormLoadStateDictPreHook) and hook.fn.name == name:
            del module._load_state_dict_pre_hooks[key]
            break
    return module

"""torch.nn.utils.skip_init: a module built without its default initialisation."""

import torch


def skip_init(module_cls, *args, **kwargs):
    """Instantiates module_cls(*args, **kwargs) with parameters and buffers left as
    torch.empty leaves them, for a custom initialisation to follow.

    PyTorch builds the module on the 'meta' device, where its initialisers draw nothing,
    and then gives it empty storages (to_empty). The engine has no meta device: the
    module is built for real and the default generator's state put back afterwards, so
    the random stream is the one PyTorch leaves."""
    import inspect  # here, not at the top: inspect alone costs start-up 15 ms
    if not issubclass(module_cls, torch.nn.Module):
        raise RuntimeError('Expected a Module; got {}'.format(module_cls))
    if 'device' not in inspect.signature(module_cls).parameters:
        raise RuntimeError('Module must support a \'device\' arg to skip initialization')

    final_device = kwargs.pop('device', 'cpu')
    state = torch.get_rng_state()
    try:
        module = module_cls(*args, **kwargs)
    finally:
        torch.set_rng_state(state)
    return module.to_empty(device=final_device)

"""torch.autograd.graph: hooks on the tensors the graph saves for backward.

Laid out as PyTorch's torch/autograd/graph.py: saved_tensors_hooks pushes a
(pack, unpack) pair on the engine's stack for the duration of a ``with`` block,
save_on_cpu is such a pair that keeps saved tensors in host memory, and
disable_saved_tensors_hooks forbids both (see Note [Saved tensor hooks] in
core/autograd/saved_tensor_hooks.h).
"""

import contextlib

import torch

_C = torch._C


class saved_tensors_hooks():
    """Context manager: tensors saved for backward inside it go through ``pack_hook``
    when they are saved and through ``unpack_hook`` whenever backward (or
    ``grad_fn._saved_*``) needs them back. Nested blocks: the innermost pair wins."""

    # No typing annotations: importing typing would add ~20 ms to every `import torch`.
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _C._push_saved_tensors_default_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *args):
        _C._pop_saved_tensors_default_hooks()


class save_on_cpu(saved_tensors_hooks):
    """Context manager: tensors saved for backward are kept in host memory (pinned when
    ``pin_memory`` and a GPU exists) and copied back to their device for backward."""

    def __init__(self, pin_memory=False):
        def pack_to_cpu(tensor):
            if not pin_memory:
                return (tensor.device, tensor.cpu())
            packed = torch.empty(tensor.size(), dtype=tensor.dtype,
                                 pin_memory=torch.cuda.is_available())
            packed.copy_(tensor)
            return (tensor.device, packed)

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


@contextlib.contextmanager
def disable_saved_tensors_hooks(error_message):
    """Context manager: using saved-tensor hooks inside it raises RuntimeError(error_message)."""
    previous = _C._saved_tensors_hooks_get_disabled_error_message()
    try:
        _C._saved_tensors_hooks_disable(error_message)
        yield
    finally:
        if previous is None:
            _C._saved_tensors_hooks_enable()
        else:
            _C._saved_tensors_hooks_disable(previous)

"""torch.utils.checkpoint: trade compute for memory.

Laid out as PyTorch 1.13's torch/utils/checkpoint.py, same names and messages, in our
words. A checkpointed function keeps only its inputs during forward and runs again
during backward to rebuild what its backward needs:

- reentrant (``use_reentrant=True``, the default): CheckpointFunction, a custom autograd
  Function whose forward runs the function under no_grad and whose backward re-runs it
  with grad on and calls ``torch.autograd.backward`` on the result;
- non-reentrant: saved-tensor hooks store a placeholder for every tensor the function
  saves; the first unpack during backward re-runs the function and fills them all.

The ``_C._checkpoint_*`` calls only tell the trace which nodes belong to which segment
and when a segment is recomputed (core/autograd/checkpoint_segment.h).
"""

import contextlib
import warnings
import weakref
from typing import Any, Iterable, List, Tuple

import torch
from torch._untraced import untraced
from torch.utils._selective_checkpoint import (  # noqa: F401  current PyTorch's names
    SAC_IGNORED_OPS, CheckpointPolicy, SelectiveCheckpointContext, create_selective_checkpoint_contexts,
    noop_context_fn)

__all__ = [
    "checkpoint", "checkpoint_sequential", "CheckpointFunction",
    "check_backward_validity", "detach_variable", "get_device_states",
    "set_device_states", "noop_context_fn", "CheckpointPolicy", "SelectiveCheckpointContext",
    "create_selective_checkpoint_contexts", "SAC_IGNORED_OPS",
]

_C = torch._C


def detach_variable(inputs: Tuple[Any, ...]) -> Tuple[torch.Tensor, ...]:
    """The inputs cut from their history, keeping requires_grad (tensors only)."""
    if not isinstance(inputs, tuple):
        raise RuntimeError(
            "Only tuple of tensors is supported. Got Unsupported input type: ", type(inputs).__name__)
    detached = []
    for inp in inputs:
        if isinstance(inp, torch.Tensor):
            x = inp.detach()
            x.requires_grad = inp.requires_grad
            detached.append(x)
        else:
            detached.append(inp)
    return tuple(detached)


def check_backward_validity(inputs: Iterable[Any]) -> None:
    if not any(inp.requires_grad for inp in inputs if isinstance(inp, torch.Tensor)):
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None")


def get_device_states(*args) -> Tuple[List[int], List[torch.Tensor]]:
    """The RNG states of the CUDA devices the tensor arguments live on."""
    devices = list(set(arg.get_device() for arg in args
                       if isinstance(arg, torch.Tensor) and arg.is_cuda))
    return devices, [torch.cuda.get_rng_state(device) for device in devices]


def set_device_states(devices, states) -> None:
    for device, state in zip(devices, states):
        torch.cuda.set_rng_state(state, device)


@contextlib.contextmanager
def _recompute(segment):
    _C._checkpoint_enter_recompute(segment)
    try:
        yield
    finally:
        _C._checkpoint_leave()


@contextlib.contextmanager
def _segment_forward(segment, reentrant, preserve_rng_state):
    _C._checkpoint_enter_forward(segment, reentrant, preserve_rng_state)
    try:
        yield
    finally:
        _C._checkpoint_leave()


class _RngStash:
    """The random state at forward, put back around the recompute so that dropout draws
    the same mask twice (preserve_rng_state=True)."""

    def __init__(self, preserve, args):
        self.preserve = preserve
        self.had_cuda_in_fwd = False
        if preserve:
            with untraced():
                self.fwd_cpu_state = torch.get_rng_state()
                if torch.cuda._initialized:
                    self.had_cuda_in_fwd = True
                    self.fwd_gpu_devices, self.fwd_gpu_states = get_device_states(*args)

    @contextlib.contextmanager
    def restored(self):
        devices = self.fwd_gpu_devices if self.preserve and self.had_cuda_in_fwd else []
        with torch.random.fork_rng(devices=devices, enabled=self.preserve):
            if self.preserve:
                with untraced():
                    torch.set_rng_state(self.fwd_cpu_state)
                    if self.had_cuda_in_fwd:
                        set_device_states(self.fwd_gpu_devices, self.fwd_gpu_states)
            yield


class CheckpointFunction(torch.autograd.Function):

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        check_backward_validity(args)
        ctx.run_function = run_function
        ctx.preserve_rng_state = preserve_rng_state
        ctx.rng = _RngStash(preserve_rng_state, args)
        ctx.segment = _C._checkpoint_current_segment()
        # Tensors are saved for backward; everything else is kept as it is.
        ctx.inputs = []
        ctx.tensor_indices = []
        tensor_inputs = []
        for i, arg in enumerate(args):
            if torch.is_tensor(arg):
                tensor_inputs.append(arg)
                ctx.tensor_indices.append(i)
                ctx.inputs.append(None)
            else:
                ctx.inputs.append(arg)
        ctx.save_for_backward(*tensor_inputs)
        with torch.no_grad():
            outputs = run_function(*args)
        return outputs

    @staticmethod
    def backward(ctx, *args):
        if not torch.autograd._is_checkpoint_valid():
            raise RuntimeError(
                "Checkpointing is not compatible with .grad() or when an `inputs` parameter"
                " is passed to .backward(). Please use .backward() and do not pass its `inputs`"
                " argument.")
        inputs = list(ctx.inputs)
        for i, idx in enumerate(ctx.tensor_indices):
            inputs[idx] = ctx.saved_tensors[i]

        with ctx.rng.restored():
            detached_inputs = detach_variable(tuple(inputs))
            with torch.enable_grad(), _recompute(ctx.segment):
                outputs = ctx.run_function(*detached_inputs)

        if isinstance(outputs, torch.Tensor):
            outputs = (outputs,)
        outputs_with_grad = []
        args_with_grad = []
        for i in range(len(outputs)):
            if torch.is_tensor(outputs[i]) and outputs[i].requires_grad:
                outputs_with_grad.append(outputs[i])
                args_with_grad.append(args[i])
        if len(outputs_with_grad) == 0:
            raise RuntimeError(
                "none of output has requires_grad=True,"
                " this checkpoint() is not necessary")
        torch.autograd.backward(outputs_with_grad, args_with_grad)
        grads = tuple(inp.grad if isinstance(inp, torch.Tensor) else None
                      for inp in detached_inputs)
        return (None, None) + grads


def checkpoint(function, *args, use_reentrant: bool = True, context_fn=noop_context_fn, **kwargs):
    """Runs ``function(*args)`` without keeping its intermediate tensors; backward runs it
    again to get them. ``preserve_rng_state`` (default True) makes the re-run draw the
    same random numbers. ``context_fn`` (current PyTorch, non-reentrant only) gives the
    contexts the forward and the recompute run under: selective checkpointing's."""
    if _C._checkpoint_override() == "off":
        return _run_without_checkpoint(function, args, kwargs)
    preserve = kwargs.pop('preserve_rng_state', True)
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if use_reentrant and context_fn is not noop_context_fn:
        raise ValueError("Passing `context_fn` or `debug` is only supported when use_reentrant=False.")

    with _segment_forward(_C._checkpoint_new_segment(), use_reentrant, bool(preserve)):
        if use_reentrant:
            return CheckpointFunction.apply(function, preserve, *args)
        return _checkpoint_without_reentrant(function, preserve, *args, context_fn=context_fn, **kwargs)


def checkpoint_sequential(functions, segments, input, **kwargs):
    """Splits ``functions`` (a list or an nn.Sequential) into ``segments`` parts and
    checkpoints every part but the last, which runs normally."""
    segments = _C._checkpoint_sequential_segments(len(functions), segments)
    preserve = kwargs.pop('preserve_rng_state', True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))

    def run_function(start, end, functions):
        def forward(input):
            for j in range(start, end + 1):
                input = functions[j](input)
            return input
        return forward

    if isinstance(functions, torch.nn.Sequential):
        functions = list(functions.children())

    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(run_function(start, end, functions), input,
                           preserve_rng_state=preserve)
    return run_function(end + 1, len(functions) - 1, functions)(input)


def _checkpoint_without_reentrant(function, preserve_rng_state=True, *args, context_fn=noop_context_fn, **kwargs):
    rng = _RngStash(preserve_rng_state, args)
    segment = _C._checkpoint_current_segment()
    forward_context, recompute_context = context_fn()
    # Current PyTorch recomputes a region once per backward call, which is what makes a
    # selectively checkpointed region refuse a second backward; 1.13 recomputes once.
    recompute_per_backward = context_fn is not noop_context_fn
    filled_by_backward = None

    class Holder():
        """What the graph keeps instead of a saved tensor until the recompute fills it."""

    storage: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
    weak_holder_list = []

    def pack_for_recompute(x):
        res = Holder()
        weak_holder_list.append(weakref.ref(res))
        return res

    def recompute_on_unpack(x):
        nonlocal filled_by_backward
        unpack_counter = 0
        if recompute_per_backward and len(storage) and filled_by_backward != _C._current_graph_task_id():
            storage.clear()
        if len(storage) == 0:
            # The first unpack re-runs the function; the tensors it saves, in the same
            # order as in forward, fill the holders.
            def refill_placeholder(inner):
                nonlocal unpack_counter
                unpack_counter += 1
                if weak_holder_list[unpack_counter - 1]() is None:
                    return
                with untraced():
                    storage[weak_holder_list[unpack_counter - 1]()] = inner.detach()
                return

            def never_unpacked(packed):
                raise RuntimeError("You are calling backwards on a tensor that is never exposed. Please open an issue.")

            with rng.restored():
                with torch.enable_grad(), \
                     _recompute(segment), \
                     torch.autograd.graph.saved_tensors_hooks(refill_placeholder, never_unpacked), \
                     recompute_context:
                    _unused = function(*args, **kwargs)
            filled_by_backward = _C._current_graph_task_id()

        if x not in storage:
            raise RuntimeError(
                "Attempt to retrieve a tensor saved by autograd multiple times without checkpoint"
                " recomputation being triggered in between, this is not currently supported. Please"
                " open an issue with details on your use case so that we can prioritize adding this."
            )
        return storage[x]

    with torch.autograd.graph.saved_tensors_hooks(pack_for_recompute, recompute_on_unpack), forward_context:
        output = function(*args, **kwargs)
        if torch.cuda._initialized and preserve_rng_state and not rng.had_cuda_in_fwd:
            raise RuntimeError(
                "PyTorch's CUDA state was initialized in the forward pass "
                "of a Checkpoint, which is not allowed. Please open an issue "
                "if you need this feature.")
    return output


def _run_without_checkpoint(function, args, kwargs):
    """checkpoint() under ``autogradviz --checkpoint-config off``: the function runs as
    plain code and keeps its activations; checkpoint's own keywords (use_reentrant and
    context_fn are named parameters) are not passed on."""
    own = ("preserve_rng_state", "determinism_check", "debug")
    return function(*args, **{k: v for k, v in kwargs.items() if k not in own})

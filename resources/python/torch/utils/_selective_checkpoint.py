"""Selective activation checkpointing (SAC), as current PyTorch has it (>= 2.4; not in 1.13):
``checkpoint(fn, *args, use_reentrant=False, context_fn=partial(create_selective_checkpoint_contexts, policy))``.

A policy decides, op by op, whether a checkpointed region keeps an op's output at forward
(MUST_SAVE / PREFER_SAVE) or runs the op again at recompute (MUST_RECOMPUTE /
PREFER_RECOMPUTE). Texts and behaviour follow current PyTorch's torch/utils/checkpoint.py,
in our words.

PyTorch implements the two contexts as TorchDispatchModes below autograd. Our engine has
an op interceptor instead (core/ops/op_interceptor.h): it hands each op over once the op
has run, before autograd wires it, as current PyTorch's caching mode asks its policy
after the op ran. In-place ops are offered too (aten.relu_.default), before their version
bump (core/ops/inplace_intercept.h). A restored out-of-place op's kernel runs and its
result is dropped; a restored in-place op leaves self as it was, as in PyTorch. What the
script sees is the same. The policy receives the op's tensor arguments, with the numbers
the script wrote back as numbers, but not the other numbers and lists PyTorch's mode also
passes (dims, sizes); comparisons and logical ops are offered, factories are not.
"""

import contextlib
import enum
from collections import defaultdict

import torch
from torch._untraced import untraced

__all__ = [
    "CheckpointPolicy", "SelectiveCheckpointContext", "create_selective_checkpoint_contexts",
    "SAC_IGNORED_OPS", "noop_context_fn",
]

_C = torch._C


def noop_context_fn():
    return contextlib.nullcontext(), contextlib.nullcontext()


class SelectiveCheckpointContext:
    """What a policy function learns besides the op: whether this is the recompute (always
    False now: the policy runs only at forward) and the op's output."""

    def __init__(self, *, is_recompute, op_output=None) -> None:
        self.is_recompute = is_recompute
        self.op_output = op_output


class CheckpointPolicy(enum.Enum):
    MUST_SAVE = 0
    PREFER_SAVE = 1
    MUST_RECOMPUTE = 2
    PREFER_RECOMPUTE = 3


def _policy_from_bool(b):
    # For backward compatibility
    return CheckpointPolicy.MUST_SAVE if b else CheckpointPolicy.PREFER_RECOMPUTE


def _existing(*qualified_names):
    found = set()
    for name in qualified_names:
        try:
            found.add(torch.ops.overload_named(name))
        except AttributeError:
            pass
    return found


SAC_IGNORED_OPS = _existing(
    # Checkpointing runs a different number of detaches at forward and at recompute.
    "aten.detach.default", "prim.device.default",
    # Metadata queries (FunctionalTensor.metadata_fns).
    "aten.is_contiguous.default", "aten.is_contiguous.memory_format", "aten.is_strides_like_format.default",
    "aten.is_non_overlapping_and_dense.default", "aten.size.default", "aten.sym_size.default",
    "aten.stride.default", "aten.sym_stride.default", "aten.storage_offset.default",
    "aten.sym_storage_offset.default")

# The trace's SacAction values (core/trace/event.h).
_CACHED, _LEFT_TO_RECOMPUTE, _RESTORED, _RECOMPUTED = range(4)

_RECOMPUTE = object()
_CONSUMED = object()

_SAC_MISMATCH_MSG = (
    "This can happen if the operations in the checkpointed region are "
    "nondeterministic or depend on global state that changed between "
    "forward and backward."
)


class _VersionWrapper:
    """A kept output and its version then: a later in-place change is an error at recompute."""

    def __init__(self, val):
        self.val = val
        self.version = val._version if isinstance(val, torch.Tensor) else None

    def get_val(self, allow_cache_entry_mutation):
        if self.version is not None and not allow_cache_entry_mutation:
            if self.val._version != self.version:
                raise RuntimeError(
                    "Tensor cached during selective activation checkpoint has been mutated")
        return self.val


class _InterceptingMode:
    """Entered around the region's forward or its recompute: the engine hands every op to
    ``_intercept(op, inputs, outputs)`` (torch._C._enter_dispatch_mode)."""

    def __enter__(self):
        _C._enter_dispatch_mode(self)
        return self

    def __exit__(self, *exc):
        _C._exit_dispatch_mode(self)
        return False

    def _numbered(self, op_name):
        """The op and how many times this mode saw it before (None for ignored ops):
        forward and recompute meet an op's calls in the same order."""
        func = torch.ops.overload_named(op_name)
        if func in SAC_IGNORED_OPS:
            return None, 0
        idx = self.func_counter[func]
        self.func_counter[func] += 1
        return func, idx


class _SacStorage:
    """What the forward kept, op by op and call by call, and the policy each call got."""

    def __init__(self):
        self.entries = defaultdict(dict)  # op -> {call index -> _RECOMPUTE | kept outputs | _CONSUMED}
        self.policies = {}                # (op, call index) -> CheckpointPolicy


class _CachingTorchDispatchMode(_InterceptingMode):
    """The forward: asks the policy about each op and keeps the outputs it says to save."""

    def __init__(self, policy_fn, storage):
        self.policy_fn = policy_fn
        self.storage = storage
        self.func_counter = defaultdict(int)

    def _intercept(self, op_name, inputs, outputs):
        func, idx = self._numbered(op_name)
        if func is None:
            return None
        out = outputs[0] if len(outputs) == 1 else tuple(outputs)
        policy = self.policy_fn(SelectiveCheckpointContext(is_recompute=False, op_output=out), func, *inputs)
        if isinstance(policy, bool):
            policy = _policy_from_bool(policy)
        recorded = policy if isinstance(policy, CheckpointPolicy) else CheckpointPolicy.PREFER_RECOMPUTE
        self.storage.policies[(func, idx)] = recorded
        if policy in (CheckpointPolicy.MUST_SAVE, CheckpointPolicy.PREFER_SAVE):
            with untraced():
                kept = [_VersionWrapper(t.detach() if isinstance(t, torch.Tensor) else t) for t in outputs]
            self.storage.entries[func][idx] = kept
            return recorded.value, _CACHED, None
        self.storage.entries[func][idx] = _RECOMPUTE
        return recorded.value, _LEFT_TO_RECOMPUTE, None


class _CachedTorchDispatchMode(_InterceptingMode):
    """The recompute: hands back the kept outputs instead of the op's, call by call."""

    def __init__(self, policy_fn, storage, allow_cache_entry_mutation=False):
        self.storage = storage
        self.allow_cache_entry_mutation = allow_cache_entry_mutation
        self.func_counter = defaultdict(int)

    def __enter__(self):
        # Reset so retain_graph=True hits "backward an extra time" not "index not found".
        self.func_counter.clear()
        return super().__enter__()

    def _intercept(self, op_name, inputs, outputs):
        func, idx = self._numbered(op_name)
        if func is None:
            return None
        func_storage = self.storage.entries.get(func)
        if func_storage is None:
            raise RuntimeError(
                f"{func} encountered during backward but not found in "
                f"storage. {_SAC_MISMATCH_MSG}")
        entry = func_storage.get(idx)
        policy = self.storage.policies.get((func, idx), CheckpointPolicy.PREFER_RECOMPUTE).value
        if entry is None:
            raise RuntimeError(
                f"{func} invocation index {idx} encountered during backward "
                f"but not found in storage. {_SAC_MISMATCH_MSG}")
        elif entry is _CONSUMED:
            raise RuntimeError(
                "Trying to backward an extra time. You are only allowed to backward once "
                "on any region computed under selective activation checkpoint.")
        elif entry is _RECOMPUTE:
            return policy, _RECOMPUTED, None
        func_storage[idx] = _CONSUMED
        return policy, _RESTORED, tuple(w.get_val(self.allow_cache_entry_mutation) for w in entry)


def create_selective_checkpoint_contexts(policy_fn_or_list, allow_cache_entry_mutation=False):
    """The two contexts for ``checkpoint(..., context_fn=...)``: a policy function
    ``policy(ctx, op, *args)`` returning a CheckpointPolicy (or a bool), or a list of ops
    to save (MUST_SAVE for those, PREFER_RECOMPUTE for the rest)."""
    if isinstance(policy_fn_or_list, list):
        for op in policy_fn_or_list:
            if not isinstance(op, torch._ops.OpOverload):
                _extra_msg = (
                    "Please update the OpOverloadPacket to a specific OpOverload."
                    "For example, if you have `torch.ops.aten.mm`, change it to `torch.ops.aten.mm.default`."
                ) if isinstance(op, torch._ops.OpOverloadPacket) else ""
                raise ValueError(
                    f"Expected op in `op_list` to be an OpOverload but got: {op} "
                    f"of type {type(op)}. {_extra_msg}")

        def policy_fn(ctx, op, *args, **kwargs):
            if op in policy_fn_or_list:
                return CheckpointPolicy.MUST_SAVE
            else:
                return CheckpointPolicy.PREFER_RECOMPUTE
    elif callable(policy_fn_or_list):
        policy_fn = policy_fn_or_list
    else:
        raise TypeError("policy_fn_or_list must be either a function or a list of ops.")

    # autogradviz --checkpoint-config sac=... (Compare Runs): the same script under one answer for every op.
    uniform = {"sac=recompute-all": CheckpointPolicy.PREFER_RECOMPUTE,
               "sac=save-all": CheckpointPolicy.PREFER_SAVE}.get(_C._checkpoint_override())
    if uniform is not None:
        def policy_fn(ctx, op, *args, **kwargs):
            return uniform

    storage = _SacStorage()
    return (
        _CachingTorchDispatchMode(policy_fn, storage),
        _CachedTorchDispatchMode(policy_fn, storage, allow_cache_entry_mutation),
    )

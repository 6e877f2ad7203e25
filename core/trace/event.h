#pragma once
// The event vocabulary of DESIGN.md. The core appends these plain structs to the
// attached Sink while a script runs; the GUI folds them (see graph_state.h) and
// never looks at the engine itself. Ids (tensor, node, saved variable, version
// counter, allocation) are assigned by the core and stay stable for one run.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/error.h"

namespace agv::trace {

using Id = uint64_t;  ///< 0 means "none"

/// One frame of a Python-style stack (what anomaly mode records as the forward trace).
struct StackFrame {
    std::string file;
    int line = 0;
    std::string function;    ///< "<module>" at top level
    std::string sourceLine;  ///< stripped text of that line
};
using StackTrace = std::vector<StackFrame>;

struct EdgeRef {
    Id node = 0;  ///< 0: the input does not require grad (None in next_functions)
    uint32_t inputNr = 0;
};

enum class NodePhase : uint8_t { Forward, Recompute, Backward };
enum class SavedHolding : uint8_t { Original, DataOnly, PackedByHook, Offloaded };
enum class OutputStream : uint8_t { Stdout, Stderr };
/// Why memory was allocated, when the context says it (Note [Who holds the bytes]):
/// inside a saved-tensor pack hook, inside an optimizer's step().
enum class MemoryRole : uint8_t { None, PackedByHook, OptimizerState };
/// torch.utils.checkpoint.CheckpointPolicy (MUST_SAVE = 0 ... PREFER_RECOMPUTE = 3).
enum class SacPolicy : uint8_t { MustSave, PreferSave, MustRecompute, PreferRecompute };
/// What selective activation checkpointing did with an op's outputs: kept them at
/// forward, let them go to be recomputed, handed the kept ones back at recompute, or ran
/// the op again.
enum class SacAction : uint8_t { Cached, LeftToRecompute, Restored, Recomputed };

struct LineReached {
    int line = 0;
};

struct TensorCreated {
    Id tensor = 0;
    std::string label;  ///< script variable name when known (see TensorLabeled)
    std::vector<int64_t> shape;
    std::string dtype;   ///< "torch.float32"
    std::string device;  ///< "cpu", "cuda:0"
    uint64_t bytes = 0;
    bool requiresGrad = false;
    bool isLeaf = true;
    Id gradFn = 0;
    uint32_t outputNr = 0;
    Id versionCounter = 0;  ///< shared by views and their base
    Id viewOf = 0;          ///< base tensor when this is a view
    uint32_t version = 0;
    std::string preview;  ///< the value as PyTorch prints it (possibly summarised)
    Id allocation = 0;    ///< its storage's allocation on `device` (MemoryChanged.allocation)
};

/// A script variable was bound to a tensor (`l1 = input * w1`).
struct TensorLabeled {
    Id tensor = 0;
    std::string label;
};

struct NodeCreated {
    Id node = 0;
    std::string name;  ///< PyTorch's, e.g. "MulBackward0", "AccumulateGrad"
    std::vector<EdgeRef> nextEdges;
    NodePhase phase = NodePhase::Forward;
    Id checkpointSegment = 0;
    Id variable = 0;  ///< AccumulateGrad: the leaf it accumulates into
    StackTrace forwardTrace;  ///< filled while anomaly mode is on
};

struct TensorSaved {
    Id saved = 0;
    Id node = 0;
    std::string slot;  ///< "self", "other", "result", ...
    Id tensor = 0;
    Id versionCounter = 0;
    uint32_t savedVersion = 0;
    bool isOutput = false;  ///< the node's own output (saved without its grad_fn)
    SavedHolding holding = SavedHolding::Original;
    uint64_t bytes = 0;
};

struct VersionBumped {
    Id tensor = 0;  ///< the tensor the in-place op was applied to
    Id versionCounter = 0;
    uint32_t oldVersion = 0;
    uint32_t newVersion = 0;
    std::string op;  ///< "mul_", "add_", "copy_", "__setitem__"...
    std::string preview;  ///< the tensor's value after the op (the inspector shows it)
};

/// A tensor's history was rewritten in place (in-place op on a non-leaf / CopySlices).
struct GradFnChanged {
    Id tensor = 0;
    Id gradFn = 0;
    uint32_t outputNr = 0;
    bool requiresGrad = false;
    std::string preview;
};

/// `x.data = y` (PyTorch's set_data; nn.Module.cuda()/.to() move parameters this way): the
/// tensor keeps its id, label and autograd identity and now holds y's storage.
struct TensorDataSet {
    Id tensor = 0;
    std::vector<int64_t> shape;
    std::string dtype;
    std::string device;
    uint64_t bytes = 0;
    Id allocation = 0;  ///< the storage it holds now
    std::string preview;
};

struct Packed {
    Id saved = 0;
    std::string hook;
    std::string fromDevice, toDevice;
    uint64_t bytes = 0;
};
struct Unpacked {
    Id saved = 0;
    std::string hook;
    std::string fromDevice, toDevice;
    uint64_t bytes = 0;
};

struct BackwardBegin {
    std::vector<Id> roots;  ///< root nodes
    bool retainGraph = false;
    bool createGraph = false;
};
struct BackwardEnd {
    bool ok = true;
};

struct NodeExecuted {
    Id node = 0;
    std::vector<std::string> gradInputs;   ///< gradients flowing into the node ("" = None)
    std::vector<std::string> gradOutputs;  ///< one per next edge ("" = None)
};

/// A leaf's `.grad` changed: backward accumulated into it, the script assigned it
/// (`p.grad = g`, `p.grad = None`) or changed it in place (`p.grad.zero_()`).
struct GradAccumulated {
    Id tensor = 0;
    std::string preview;  ///< the new .grad
    bool cleared = false;  ///< `.grad` is None now
    Id allocation = 0;     ///< the new .grad's storage, on the leaf's device
};

/// A hook on a tensor: registered (node 0: register_hook / retain_grad called in the
/// script) or run by the engine during backward (node: where the gradient arrived).
struct HookCalled {
    Id tensor = 0;
    Id node = 0;
    std::string kind;  ///< "tensor_hook", "retain_grad", "pack", "unpack", ...
};

struct SavedReleased {
    Id node = 0;
};

/// A checkpointed segment's forward starts (torch.utils.checkpoint): what runs until
/// CheckpointEnd is compared with the segment's recompute.
struct CheckpointBegin {
    Id segment = 0;
    bool reentrant = true;
    bool preserveRngState = true;
    /// The script's saved-tensor hooks in force when the segment began: "save_on_cpu",
    /// "saved_tensors_hooks" for any other pair, "" when none or when the innermost pair is
    /// an enclosing checkpoint's own. See Note [A checkpoint that shadows save_on_cpu].
    std::string outerHooks;
};
struct CheckpointEnd {
    Id segment = 0;
};

struct RecomputeBegin {
    Id segment = 0;
};
struct RecomputeEnd {
    Id segment = 0;
};

/// One op inside a selectively checkpointed region (create_selective_checkpoint_contexts).
struct SelectiveCheckpointOp {
    Id node = 0;  ///< the op's backward node (0 when no output requires grad)
    std::string op;  ///< "aten.mm.default"
    SacPolicy policy = SacPolicy::PreferRecompute;
    SacAction action = SacAction::LeftToRecompute;
    std::vector<Id> tensors;  ///< the op's outputs
    uint64_t bytes = 0;       ///< their size: what Cached keeps alive until the recompute
};

struct MemoryChanged {
    std::string device;
    Id allocation = 0;
    int64_t delta = 0;
    uint64_t current = 0;
    uint64_t peak = 0;
    Id owner = 0;  ///< tensor that first used the storage (0 if unknown)
    std::string deviceKind;  ///< "simulated" for the simulated GPU, else ""
    MemoryRole role = MemoryRole::None;
};

/// Bytes crossed between host and a GPU: `.cuda()`, `.cpu()`, `.to(device)`, `copy_` across
/// devices, torch.tensor(..., device='cuda'), save_on_cpu's pack and unpack. Only the
/// simulated GPU records them, with a modelled duration (Note [Modelled PCIe time]).
struct DeviceCopied {
    std::string fromDevice, toDevice;  ///< "cpu", "cuda:0"
    uint64_t bytes = 0;
    uint64_t nanos = 0;      ///< modelled duration of the copy
    uint64_t bandwidth = 0;  ///< the modelled link, bytes per second
    Id fromAllocation = 0;   ///< the storages copied from and into (MemoryChanged.allocation)
    Id toAllocation = 0;
    bool pinned = false;     ///< the host side is page-locked: the link's full rate, not half
};

struct ModuleEnter {
    Id module = 0;
    std::string name;  ///< attribute path, e.g. "net.0"
    std::string type;  ///< "Linear"
};
struct ModuleExit {
    Id module = 0;
};

struct Output {
    OutputStream stream = OutputStream::Stdout;
    std::string text;
};

struct ErrorRaised {
    std::string exceptionType;  ///< "RuntimeError"
    std::string message;
    ErrorKind kind = ErrorKind::Other;
    Id failingNode = 0;
    Id staleTensor = 0;  ///< version mismatch: the tensor that was modified in place
    StackTrace forwardTrace;  ///< anomaly mode: where the failing node was created
    StackTrace traceback;     ///< the script's own traceback
};

using Payload = std::variant<LineReached, TensorCreated, TensorLabeled, NodeCreated, TensorSaved,
                             VersionBumped, GradFnChanged, Packed, Unpacked, BackwardBegin, BackwardEnd,
                             NodeExecuted, GradAccumulated, HookCalled, SavedReleased, CheckpointBegin,
                             CheckpointEnd, RecomputeBegin, RecomputeEnd, MemoryChanged, ModuleEnter, ModuleExit, Output, ErrorRaised,
                             SelectiveCheckpointOp, TensorDataSet, DeviceCopied>;

struct Event {
    uint64_t step = 0;  ///< index in the Recording
    int line = 0;       ///< script line being executed when the event happened (0: none)
    Payload payload;
};

/// Stable name of the payload type, e.g. "TensorCreated" (used by the JSONL schema).
const char* eventName(const Payload& payload);

}  // namespace agv::trace

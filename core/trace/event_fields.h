#pragma once
// The fields of every event payload, in one list per type, shared by the trace
// encodings (JSON lines, the binary stream) so that writers and readers can never
// disagree. A visitor receives (stable field name, member); the binary encoding
// writes the members in this order, so new fields go at the end of a list.

#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/trace/recording.h"

namespace agv::trace::schema {

template <class V> void fields(V& v, LineReached& p) { v("line_reached", p.line); }

template <class V> void fields(V& v, TensorCreated& p)
{
    v("tensor", p.tensor);
    v("label", p.label);
    v("shape", p.shape);
    v("dtype", p.dtype);
    v("device", p.device);
    v("bytes", p.bytes);
    v("requires_grad", p.requiresGrad);
    v("is_leaf", p.isLeaf);
    v("grad_fn", p.gradFn);
    v("output_nr", p.outputNr);
    v("version_counter", p.versionCounter);
    v("view_of", p.viewOf);
    v("version", p.version);
    v("preview", p.preview);
    v("allocation", p.allocation);
}

template <class V> void fields(V& v, TensorDataSet& p)
{
    v("tensor", p.tensor);
    v("shape", p.shape);
    v("dtype", p.dtype);
    v("device", p.device);
    v("bytes", p.bytes);
    v("allocation", p.allocation);
    v("preview", p.preview);
}

template <class V> void fields(V& v, TensorLabeled& p)
{
    v("tensor", p.tensor);
    v("label", p.label);
}

template <class V> void fields(V& v, NodeCreated& p)
{
    v("node", p.node);
    v("name", p.name);
    v("next_edges", p.nextEdges);
    v("phase", p.phase);
    v("checkpoint_segment", p.checkpointSegment);
    v("variable", p.variable);
    v("forward_trace", p.forwardTrace);
}

template <class V> void fields(V& v, TensorSaved& p)
{
    v("saved", p.saved);
    v("node", p.node);
    v("slot", p.slot);
    v("tensor", p.tensor);
    v("version_counter", p.versionCounter);
    v("saved_version", p.savedVersion);
    v("is_output", p.isOutput);
    v("holding", p.holding);
    v("bytes", p.bytes);
}

template <class V> void fields(V& v, Note& n)
{
    v("step", n.step);
    v("node", n.node);
    v("text", n.text);
}

template <class V> void fields(V& v, VersionBumped& p)
{
    v("tensor", p.tensor);
    v("version_counter", p.versionCounter);
    v("old_version", p.oldVersion);
    v("new_version", p.newVersion);
    v("op", p.op);
    v("preview", p.preview);
}

template <class V> void fields(V& v, GradFnChanged& p)
{
    v("tensor", p.tensor);
    v("grad_fn", p.gradFn);
    v("output_nr", p.outputNr);
    v("requires_grad", p.requiresGrad);
    v("preview", p.preview);
}

template <class V, class P>
    requires std::is_same_v<P, Packed> || std::is_same_v<P, Unpacked>
void fields(V& v, P& p)
{
    v("saved", p.saved);
    v("hook", p.hook);
    v("from_device", p.fromDevice);
    v("to_device", p.toDevice);
    v("bytes", p.bytes);
}

template <class V> void fields(V& v, BackwardBegin& p)
{
    v("roots", p.roots);
    v("retain_graph", p.retainGraph);
    v("create_graph", p.createGraph);
}

template <class V> void fields(V& v, BackwardEnd& p) { v("ok", p.ok); }

template <class V> void fields(V& v, NodeExecuted& p)
{
    v("node", p.node);
    v("grad_inputs", p.gradInputs);
    v("grad_outputs", p.gradOutputs);
}

template <class V> void fields(V& v, GradAccumulated& p)
{
    v("tensor", p.tensor);
    v("preview", p.preview);
    v("cleared", p.cleared);
    v("allocation", p.allocation);
}

template <class V> void fields(V& v, HookCalled& p)
{
    v("tensor", p.tensor);
    v("node", p.node);
    v("kind", p.kind);
}

template <class V> void fields(V& v, SavedReleased& p) { v("node", p.node); }
template <class V> void fields(V& v, CheckpointBegin& p)
{
    v("segment", p.segment);
    v("reentrant", p.reentrant);
    v("preserve_rng_state", p.preserveRngState);
    v("outer_hooks", p.outerHooks);
}
template <class V> void fields(V& v, CheckpointEnd& p) { v("segment", p.segment); }
template <class V> void fields(V& v, RecomputeBegin& p) { v("segment", p.segment); }
template <class V> void fields(V& v, RecomputeEnd& p) { v("segment", p.segment); }

template <class V> void fields(V& v, SelectiveCheckpointOp& p)
{
    v("node", p.node);
    v("op", p.op);
    v("policy", p.policy);
    v("action", p.action);
    v("tensors", p.tensors);
    v("bytes", p.bytes);
}

template <class V> void fields(V& v, MemoryChanged& p)
{
    v("device", p.device);
    v("allocation", p.allocation);
    v("delta", p.delta);
    v("current", p.current);
    v("peak", p.peak);
    v("owner", p.owner);
    v("device_kind", p.deviceKind);
    v("role", p.role);
}

template <class V> void fields(V& v, DeviceCopied& p)
{
    v("from_device", p.fromDevice);
    v("to_device", p.toDevice);
    v("bytes", p.bytes);
    v("nanos", p.nanos);
    v("bandwidth", p.bandwidth);
    v("from_allocation", p.fromAllocation);
    v("to_allocation", p.toAllocation);
    v("pinned", p.pinned);
}

template <class V> void fields(V& v, ModuleEnter& p)
{
    v("module", p.module);
    v("name", p.name);
    v("module_type", p.type);
}

template <class V> void fields(V& v, ModuleExit& p) { v("module", p.module); }

template <class V> void fields(V& v, Output& p)
{
    v("stream", p.stream);
    v("text", p.text);
}

template <class V> void fields(V& v, ErrorRaised& p)
{
    v("exception_type", p.exceptionType);
    v("message", p.message);
    v("kind", p.kind);
    v("failing_node", p.failingNode);
    v("stale_tensor", p.staleTensor);
    v("forward_trace", p.forwardTrace);
    v("traceback", p.traceback);
}

template <class V> void fields(V& v, EdgeRef& p)
{
    v("node", p.node);
    v("input_nr", p.inputNr);
}

template <class V> void fields(V& v, StackFrame& p)
{
    v("file", p.file);
    v("line", p.line);
    v("function", p.function);
    v("source", p.sourceLine);
}

/// The stable names of enum values (JSON lines writes them; both encodings check a
/// value against their count). ErrorKind's are errorKindName()'s.
template <class E> struct EnumNames;
template <> struct EnumNames<NodePhase> {
    static constexpr const char* names[] = {"forward", "recompute", "backward"};
};
template <> struct EnumNames<SacPolicy> {
    static constexpr const char* names[] = {"must_save", "prefer_save", "must_recompute", "prefer_recompute"};
};
template <> struct EnumNames<SacAction> {
    static constexpr const char* names[] = {"cached", "left_to_recompute", "restored", "recomputed"};
};
template <> struct EnumNames<SavedHolding> {
    static constexpr const char* names[] = {"original", "data_only", "packed_by_hook", "offloaded"};
};
template <> struct EnumNames<MemoryRole> {
    static constexpr const char* names[] = {"none", "packed_by_hook", "optimizer_state"};
};
template <> struct EnumNames<OutputStream> {
    static constexpr const char* names[] = {"stdout", "stderr"};
};

template <class E> constexpr size_t enumCount()
{
    if constexpr (std::is_same_v<E, ErrorKind>)
        return static_cast<size_t>(ErrorKind::Script) + 1;
    else
        return std::size(EnumNames<E>::names);
}

/// A default payload of the type at `index` in Payload (index < its size).
inline Payload payloadOfIndex(size_t index)
{
    Payload p;
    [&]<size_t... I>(std::index_sequence<I...>) { ((index == I ? (void)p.emplace<I>() : (void)0), ...); }(
        std::make_index_sequence<std::variant_size_v<Payload>>{});
    return p;
}

/// Members that are themselves field lists (written nested).
template <class T> constexpr bool hasFields = std::is_same_v<T, EdgeRef> || std::is_same_v<T, StackFrame>;
template <class T> struct IsVector : std::false_type {};
template <class T> struct IsVector<std::vector<T>> : std::true_type {};

}  // namespace agv::trace::schema

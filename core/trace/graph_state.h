#pragma once
// The pure fold Recording + step -> GraphState that the GUI draws (DESIGN.md, "Trace
// first"). State at step s is the fold of events [0, s): step 0 is "nothing happened
// yet", step recording.size() is the end of the run. Everything here is plain data
// with defaulted operator==, so tests can check that stepping back gives exactly the
// state stepping forward gave.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace/id_map.h"
#include "core/trace/recording.h"

namespace agv::trace {

bool operator==(const StackFrame& a, const StackFrame& b);
bool operator==(const EdgeRef& a, const EdgeRef& b);

struct TensorView {
    Id id = 0;
    std::string label;  ///< latest script variable name bound to it ("" if none)
    std::vector<int64_t> shape;
    std::string dtype;
    std::string device;
    uint64_t bytes = 0;
    bool requiresGrad = false;
    bool isLeaf = true;
    Id gradFn = 0;
    uint32_t outputNr = 0;
    Id versionCounter = 0;
    Id viewOf = 0;
    std::string preview;
    bool hasGrad = false;
    std::string gradPreview;
    std::vector<std::string> hooks;  ///< registered: "tensor_hook", "retain_grad"
    int hookCalls = 0;               ///< how often the engine ran them
    uint64_t lastHookStep = 0;
    /// Cleared when the storage it owns is freed (MemoryChanged with a negative delta
    /// and this tensor as owner): the core has no separate "tensor destroyed" event.
    bool alive = true;
    uint64_t createdStep = 0;
    int createdLine = 0;  ///< script line that created it (0: unknown)

    bool operator==(const TensorView&) const = default;
};

struct NodeView {
    Id id = 0;
    std::string name;
    std::vector<EdgeRef> nextEdges;
    NodePhase phase = NodePhase::Forward;
    Id checkpointSegment = 0;
    Id variable = 0;  ///< AccumulateGrad: the leaf
    StackTrace forwardTrace;
    Id module = 0;  ///< innermost nn.Module active when the node was created
    std::vector<Id> saved;  ///< saved-variable ids owned by this node, in save order
    bool executed = false;
    int executionOrder = -1;  ///< 0 for the first node the engine ran, ...
    bool released = false;    ///< SavedReleased seen
    std::vector<std::string> gradInputs;   ///< from its latest NodeExecuted
    std::vector<std::string> gradOutputs;  ///< one per next edge
    uint64_t createdStep = 0;
    int createdLine = 0;  ///< script line that created it (0: unknown)
    /// Selective activation checkpointing's decision for the op (SelectiveCheckpointOp).
    bool underSac = false;
    SacPolicy sacPolicy = SacPolicy::PreferRecompute;
    SacAction sacAction = SacAction::LeftToRecompute;

    bool operator==(const NodeView&) const = default;
};

struct SavedView {
    Id id = 0;
    Id node = 0;
    std::string slot;
    Id tensor = 0;
    Id versionCounter = 0;
    uint32_t savedVersion = 0;
    bool isOutput = false;
    SavedHolding holding = SavedHolding::Original;
    uint64_t bytes = 0;
    bool released = false;
    bool packed = false;         ///< currently held in packed form (a hook ran pack)
    std::string packedDevice;    ///< where the packed value lives ("cpu" when offloaded)
    std::string hook;            ///< name of the hook that packed it
    int unpackCount = 0;

    bool operator==(const SavedView&) const = default;
};

/// A gradient travelling from `from` to its next edge `to` (drawn as a token on the edge).
struct GradientFlow {
    Id from = 0;
    Id to = 0;
    uint32_t inputNr = 0;
    std::string preview;

    bool operator==(const GradientFlow&) const = default;
};

/// One in-place change of a version counter: the cause a stale saved tensor points to.
struct VersionBump {
    Id tensor = 0;
    std::string op;  ///< "mul_", "add_", "__setitem__"...
    int line = 0;
    uint64_t step = 0;  ///< index of the VersionBumped event
    uint32_t oldVersion = 0;
    uint32_t newVersion = 0;
    Id node = 0;  ///< the grad_fn the in-place op recorded on the tensor (0: none, e.g. under no_grad)

    bool operator==(const VersionBump&) const = default;
};

struct MemoryView {
    uint64_t current = 0;
    uint64_t peak = 0;

    bool operator==(const MemoryView&) const = default;
};

/// Copies in one direction between host and the simulated GPU (DeviceCopied), so far.
struct CopyTotals {
    uint64_t copies = 0;
    uint64_t bytes = 0;
    uint64_t nanos = 0;  ///< modelled (Note [Modelled PCIe time])

    bool operator==(const CopyTotals&) const = default;
};

struct ModuleView {
    Id id = 0;
    std::string name;
    std::string type;
    Id parent = 0;

    bool operator==(const ModuleView&) const = default;
};

struct ErrorView {
    std::string exceptionType;
    std::string message;
    ErrorKind kind = ErrorKind::Other;
    Id failingNode = 0;
    Id staleTensor = 0;
    StackTrace forwardTrace;
    StackTrace traceback;
    int line = 0;
    uint64_t step = 0;  ///< index of the ErrorRaised event

    bool operator==(const ErrorView&) const = default;
};

struct GraphState {
    uint64_t step = 0;  ///< number of events folded in
    // IdMaps share unchanged entities between copies: see Note [Cheap snapshots].
    IdMap<TensorView> tensors;
    IdMap<NodeView> nodes;
    IdMap<SavedView> saved;
    IdMap<uint32_t> versionCounters;  ///< counter id -> current version
    IdMap<std::vector<VersionBump>> bumps;  ///< counter id -> its in-place changes, in order
    IdMap<ModuleView> modules;
    std::vector<Id> moduleStack;

    Id executingNode = 0;  ///< node of the latest NodeExecuted while backward runs
    int executedCount = 0;
    std::vector<GradientFlow> gradientsInFlight;
    bool inBackward = false;
    int backwardDepth = 0;  ///< > 1 while a backward runs inside another (reentrant checkpoint)
    bool retainGraph = false;
    int backwardCount = 0;
    Id recomputeSegment = 0;  ///< checkpoint segment being recomputed (0: none)

    int line = 0;  ///< current source line
    /// Bytes of script output (stdout and stderr) before this step. The text itself is
    /// kept once, by the Timeline (or consoleText): copying it into every snapshot made
    /// memory quadratic in the output (see Note [Console by offset]).
    uint64_t consoleLength = 0;
    std::map<std::string, MemoryView> memory;  ///< per device
    CopyTotals hostToDevice, deviceToHost;
    std::optional<ErrorView> error;

    bool operator==(const GraphState&) const = default;

    /// Current version of a tensor (through its shared version counter).
    uint32_t versionOf(const TensorView& t) const;
    uint32_t currentVersion(const SavedView& s) const;
    /// A saved variable is stale when its tensor was modified in place after saving.
    bool isStale(const SavedView& s) const { return currentVersion(s) != s.savedVersion; }
    /// The in-place op that made `s` stale: the first change of its counter past the
    /// saved version (nullptr while it is fresh, or when the trace does not say).
    const VersionBump* staleningBump(const SavedView& s) const;
    /// The latest in-place change of a tensor's version counter (nullptr: none).
    const VersionBump* lastBump(const TensorView& t) const;
    const TensorView* tensor(Id id) const;
    const NodeView* node(Id id) const;
    /// Number of entities held (drives the snapshot spacing in Timeline).
    size_t entityCount() const { return tensors.size() + nodes.size() + saved.size(); }
};

/// Folds one event into the state (the state's step becomes event.step + 1).
void apply(GraphState& state, const Event& event);

/// The state after events [0, step) (step is clamped to recording.size()).
GraphState stateAt(const Recording& recording, size_t step);
/// The script's output before `step` (what the console shows there).
std::string consoleText(const Recording& recording, size_t step);

// ---------------------------------------------------------------------------------
// Navigation and markers

enum class MarkerKind : uint8_t { BackwardBegin, ErrorRaised, VersionBumped };

struct Marker {
    size_t step = 0;  ///< the state right after the event
    MarkerKind kind = MarkerKind::BackwardBegin;
    bool operator==(const Marker&) const = default;
};

/// Snapshots + navigation over one Recording. Seeking any step costs one snapshot copy
/// (cheap: see Note [Cheap snapshots]) plus at most one snapshot interval of events.
/// The interval is max(minInterval, entities / 256): a snapshot of a big state costs one
/// pointer per chunk of 128 entities plus the chunks changed since the last one, so
/// spacing them a little with the state size keeps their memory near linear in the run
/// while a seek replays at most a few thousand events.
/// Keeps a pointer to the Recording, which must outlive the Timeline.
///
/// Note [Lazy snapshots]
/// Snapshots are taken the first time a seek folds past them, not when the Timeline is
/// made: opening a million-event recording at its first step folds nothing, and playing
/// it forward takes them on the way. The first seek far ahead folds up to there once;
/// every later seek is as cheap as above. Markers, line runs and the console are read
/// off the events at construction (they need no folding).
class Timeline {
public:
    explicit Timeline(const Recording& recording, size_t minInterval = 256);

    const Recording& recording() const { return *m_recording; }
    size_t size() const { return m_recording->size(); }

    /// The state at `step` (clamped). The reference stays valid until the next seek.
    const GraphState& seek(size_t step);
    const GraphState& current() const { return m_current; }

    /// Source line shown at `step`: the line of the last folded event (0 at step 0).
    int lineAt(size_t step) const;
    /// First step after `step` at which the line differs (size() if none).
    size_t nextLineStep(size_t step) const;
    /// Start of the current line's run, or of the previous one when already there.
    size_t previousLineStep(size_t step) const;
    /// Next / previous step right after a NodeExecuted event (returns `step` if none).
    size_t nextBackwardNodeStep(size_t step) const;
    size_t previousBackwardNodeStep(size_t step) const;

    const std::vector<Marker>& markers() const { return m_markers; }
    /// Snapshots taken so far (see Note [Lazy snapshots]).
    size_t snapshotCount() const { return m_snapshots.size(); }
    /// The console at `state` (a prefix of all the run's output; valid while the Timeline lives).
    std::string_view console(const GraphState& state) const
    {
        return std::string_view(m_console).substr(0, std::min<size_t>(state.consoleLength, m_console.size()));
    }

private:
    const Recording* m_recording;
    size_t m_minInterval;
    std::vector<GraphState> m_snapshots;  ///< ascending by step, first is step 0
    std::vector<size_t> m_lineRunStarts;  ///< steps s where lineAt(s) != lineAt(s - 1)
    std::vector<size_t> m_nodeSteps;      ///< steps right after each NodeExecuted
    std::vector<Marker> m_markers;
    std::string m_console;  ///< all Output text of the run, in order
    GraphState m_current;
};

// ---------------------------------------------------------------------------------
// Final graph: everything that ever exists in the run, for a single fixed layout.

struct FinalTensor {
    Id id = 0;
    std::string label;
    std::vector<int64_t> shape;
    std::string dtype;
    bool requiresGrad = false;
    bool isLeaf = true;
    Id gradFn = 0;  ///< its last grad_fn (0 for leaves)
    uint32_t outputNr = 0;  ///< which output of gradFn it is
    std::vector<Id> gradFnHistory;  ///< every grad_fn it had (in-place ops rewrite history)
    bool savedBySomeNode = false;
    bool isBackwardRoot = false;  ///< its grad_fn was a root of some backward()
    uint64_t createdStep = 0;
};

struct FinalNode {
    Id id = 0;
    std::string name;
    std::vector<EdgeRef> nextEdges;
    NodePhase phase = NodePhase::Forward;
    Id checkpointSegment = 0;
    Id variable = 0;
    Id module = 0;  ///< the module call it was created in (a key of FinalGraph::modules; 0: none)
    std::vector<std::string> savedSlots;  ///< "self", "other", ... (for sizing badges)
    uint64_t createdStep = 0;
};

struct FinalGraph {
    std::vector<FinalTensor> tensors;  ///< creation order
    std::vector<FinalNode> nodes;      ///< creation order
    /// Module calls, each its own entry (see Note [Module calls] in graph_state.cpp).
    std::map<Id, ModuleView> modules;
    /// For each saved variable: node that saved it and the tensor it saved.
    struct SavedLink {
        Id saved = 0;
        Id node = 0;
        Id tensor = 0;
        SavedHolding holding = SavedHolding::Original;
        std::string hook;          ///< the pack hook, when a saved-tensor hook holds it
        std::string packedDevice;  ///< where pack put it ("" when it kept no tensor)
    };
    std::vector<SavedLink> savedLinks;
};

FinalGraph finalGraph(const Recording& recording);

}  // namespace agv::trace

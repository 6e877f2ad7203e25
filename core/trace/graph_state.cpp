#include "core/trace/graph_state.h"

#include "core/trace/memory_holders.h"

#include <algorithm>
#include <type_traits>
#include <unordered_map>

namespace agv::trace {

bool operator==(const StackFrame& a, const StackFrame& b)
{
    return a.file == b.file && a.line == b.line && a.function == b.function && a.sourceLine == b.sourceLine;
}

bool operator==(const EdgeRef& a, const EdgeRef& b) { return a.node == b.node && a.inputNr == b.inputNr; }

uint32_t GraphState::versionOf(const TensorView& t) const
{
    const uint32_t* v = versionCounters.find(t.versionCounter);
    return v ? *v : 0;
}

uint32_t GraphState::currentVersion(const SavedView& s) const
{
    const uint32_t* v = versionCounters.find(s.versionCounter);
    return v ? *v : s.savedVersion;
}

const TensorView* GraphState::tensor(Id id) const { return tensors.find(id); }

const VersionBump* GraphState::staleningBump(const SavedView& v) const
{
    if (!isStale(v))
        return nullptr;
    const std::vector<VersionBump>* list = bumps.find(v.versionCounter);
    if (!list)
        return nullptr;
    for (const VersionBump& b : *list)
        if (b.newVersion > v.savedVersion)
            return &b;
    return nullptr;
}

const VersionBump* GraphState::lastBump(const TensorView& t) const
{
    const std::vector<VersionBump>* list = bumps.find(t.versionCounter);
    return list && !list->empty() ? &list->back() : nullptr;
}

const NodeView* GraphState::node(Id id) const { return nodes.find(id); }

namespace {

constexpr size_t kMaxBumpsPerCounter = 1024;

// One overload per payload type; each touches only what that event changes, so a
// fold step costs O(log n) (plus the size of the event's own data).
struct Folder {
    GraphState& s;
    const Event& e;

    void operator()(const LineReached& p) { s.line = p.line; }

    void operator()(const TensorCreated& p)
    {
        TensorView& t = s.tensors.obtain(p.tensor);
        t.id = p.tensor;
        t.label = p.label;
        t.shape = p.shape;
        t.dtype = p.dtype;
        t.device = p.device;
        t.bytes = p.bytes;
        t.requiresGrad = p.requiresGrad;
        t.isLeaf = p.isLeaf;
        t.gradFn = p.gradFn;
        t.outputNr = p.outputNr;
        t.versionCounter = p.versionCounter != 0 ? p.versionCounter : p.tensor;
        t.viewOf = p.viewOf;
        t.preview = p.preview;
        t.alive = true;
        t.createdStep = e.step;
        t.createdLine = e.line;
        // A new counter starts at the tensor's version; a view shares its base's counter.
        if (!s.versionCounters.contains(t.versionCounter))
            s.versionCounters.obtain(t.versionCounter) = p.version;
    }

    void operator()(const TensorLabeled& p)
    {
        if (TensorView* t = s.tensors.edit(p.tensor))
            t->label = p.label;
    }

    void operator()(const TensorDataSet& p)
    {
        if (TensorView* t = s.tensors.edit(p.tensor)) {
            t->shape = p.shape;
            t->dtype = p.dtype;
            t->device = p.device;
            t->bytes = p.bytes;
            t->preview = p.preview;
        }
    }

    void operator()(const NodeCreated& p)
    {
        NodeView& n = s.nodes.obtain(p.node);
        n.id = p.node;
        n.name = p.name;
        n.nextEdges = p.nextEdges;
        n.phase = p.phase;
        n.checkpointSegment = p.checkpointSegment;
        n.variable = p.variable;
        n.forwardTrace = p.forwardTrace;
        n.module = s.moduleStack.empty() ? 0 : s.moduleStack.back();
        n.createdStep = e.step;
        n.createdLine = e.line;
    }

    void operator()(const TensorSaved& p)
    {
        SavedView& v = s.saved.obtain(p.saved);
        v.id = p.saved;
        v.node = p.node;
        v.slot = p.slot;
        v.tensor = p.tensor;
        v.versionCounter = p.versionCounter;
        if (v.versionCounter == 0)
            if (const TensorView* t = s.tensor(p.tensor))
                v.versionCounter = t->versionCounter;
        v.savedVersion = p.savedVersion;
        v.isOutput = p.isOutput;
        v.holding = p.holding;
        v.bytes = p.bytes;
        if (NodeView* n = s.nodes.edit(p.node))
            n->saved.push_back(p.saved);
    }

    void operator()(const VersionBumped& p)
    {
        Id counter = p.versionCounter;
        if (counter == 0)
            if (const TensorView* t = s.tensor(p.tensor))
                counter = t->versionCounter;
        s.versionCounters.obtain(counter) = p.newVersion;
        // The op's node, if it records one, follows in GradFnChanged (rebaseHistory).
        VersionBump bump{p.tensor, p.op, e.line, e.step, p.oldVersion, p.newVersion, 0};
        std::vector<VersionBump>& list = s.bumps.obtain(counter);
        // Bounded: an optimiser loop bumps a parameter's counter every step, and each
        // snapshot that shares the list copies it on the next edit.
        if (list.size() >= kMaxBumpsPerCounter)
            list.erase(list.begin());
        list.push_back(std::move(bump));
        if (!p.preview.empty())
            if (TensorView* t = s.tensors.edit(p.tensor))
                t->preview = p.preview;
    }

    void operator()(const GradFnChanged& p)
    {
        // The node an in-place op just recorded (on the tensor, or CopySlices on its base,
        // which shares the counter) is the op's node in the picture.
        if (const TensorView* t = s.tensor(p.tensor); t && p.gradFn != 0)
            if (const std::vector<VersionBump>* list = s.bumps.find(t->versionCounter);
                list && !list->empty() && list->back().node == 0 && list->back().line == e.line)
                s.bumps.edit(t->versionCounter)->back().node = p.gradFn;
        if (TensorView* t = s.tensors.edit(p.tensor)) {
            t->gradFn = p.gradFn;
            t->outputNr = p.outputNr;
            t->requiresGrad = p.requiresGrad;
            if (p.gradFn != 0)
                t->isLeaf = false;
            if (!p.preview.empty())
                t->preview = p.preview;
        }
    }

    void operator()(const Packed& p)
    {
        if (SavedView* v = s.saved.edit(p.saved)) {
            v->packed = true;
            v->packedDevice = p.toDevice;
            v->hook = p.hook;
        }
    }

    void operator()(const Unpacked& p)
    {
        if (SavedView* v = s.saved.edit(p.saved)) {
            v->packed = false;
            v->unpackCount += 1;
        }
    }

    void operator()(const BackwardBegin& p)
    {
        s.inBackward = true;
        s.backwardDepth += 1;
        s.retainGraph = p.retainGraph;
        s.backwardCount += 1;
        s.executingNode = 0;
        s.gradientsInFlight.clear();
    }

    void operator()(const BackwardEnd&)
    {
        s.backwardDepth = s.backwardDepth > 0 ? s.backwardDepth - 1 : 0;
        s.inBackward = s.backwardDepth > 0;
        s.executingNode = 0;
        s.gradientsInFlight.clear();
    }

    void operator()(const NodeExecuted& p)
    {
        s.executingNode = p.node;
        s.gradientsInFlight.clear();
        NodeView* node = s.nodes.edit(p.node);
        if (!node)
            return;
        NodeView& n = *node;
        n.executed = true;
        n.executionOrder = s.executedCount++;
        n.gradInputs = p.gradInputs;
        n.gradOutputs = p.gradOutputs;
        for (size_t i = 0; i < n.nextEdges.size() && i < p.gradOutputs.size(); ++i) {
            const EdgeRef& edge = n.nextEdges[i];
            if (edge.node != 0 && !p.gradOutputs[i].empty())
                s.gradientsInFlight.push_back({p.node, edge.node, edge.inputNr, p.gradOutputs[i]});
        }
    }

    void operator()(const GradAccumulated& p)
    {
        if (TensorView* t = s.tensors.edit(p.tensor)) {
            t->hasGrad = !p.cleared;
            t->gradPreview = p.cleared ? std::string() : p.preview;
        }
    }

    void operator()(const HookCalled& p)
    {
        TensorView* t = s.tensors.edit(p.tensor);
        if (!t)
            return;
        if (p.node == 0) {
            t->hooks.push_back(p.kind);
        } else {
            ++t->hookCalls;
            t->lastHookStep = e.step;
        }
    }

    void operator()(const SavedReleased& p)
    {
        NodeView* n = s.nodes.edit(p.node);
        if (!n)
            return;
        n->released = true;
        for (Id id : n->saved)
            if (SavedView* v = s.saved.edit(id))
                v->released = true;
    }

    void operator()(const CheckpointBegin&) {}
    void operator()(const CheckpointEnd&) {}
    void operator()(const RecomputeBegin& p) { s.recomputeSegment = p.segment; }
    void operator()(const RecomputeEnd&) { s.recomputeSegment = 0; }

    void operator()(const SelectiveCheckpointOp& p)
    {
        NodeView* n = s.nodes.edit(p.node);
        if (!n)
            return;
        n->underSac = true;
        n->sacPolicy = p.policy;
        n->sacAction = p.action;
    }

    void operator()(const MemoryChanged& p)
    {
        // Pinned host memory is accounted apart (Note [Pinned host memory]).
        MemoryView& m = s.memory[memoryLaneDevice(p.device, p.deviceKind == "pinned")];
        m.current = p.current;
        m.peak = std::max(m.peak, p.peak);
        if (p.delta < 0 && p.owner != 0)
            if (TensorView* t = s.tensors.edit(p.owner))
                t->alive = false;
    }

    void operator()(const DeviceCopied& p)
    {
        CopyTotals& totals = p.toDevice == "cpu" ? s.deviceToHost : s.hostToDevice;
        ++totals.copies;
        totals.bytes += p.bytes;
        totals.nanos += p.nanos;
    }

    void operator()(const ModuleEnter& p)
    {
        ModuleView& m = s.modules.obtain(p.module);
        m.id = p.module;
        m.name = p.name;
        m.type = p.type;
        m.parent = s.moduleStack.empty() ? 0 : s.moduleStack.back();
        s.moduleStack.push_back(p.module);
    }

    void operator()(const ModuleExit& p)
    {
        // Pop up to and including the module (tolerates a missing exit on error paths).
        auto it = std::find(s.moduleStack.rbegin(), s.moduleStack.rend(), p.module);
        if (it != s.moduleStack.rend())
            s.moduleStack.erase(std::next(it).base(), s.moduleStack.end());
    }

    void operator()(const Output& p) { s.consoleLength += p.text.size(); }

    void operator()(const ErrorRaised& p)
    {
        ErrorView err;
        err.exceptionType = p.exceptionType;
        err.message = p.message;
        err.kind = p.kind;
        err.failingNode = p.failingNode;
        err.staleTensor = p.staleTensor;
        err.forwardTrace = p.forwardTrace;
        err.traceback = p.traceback;
        err.line = e.line;
        err.step = e.step;
        s.error = std::move(err);
        s.inBackward = false;
        s.backwardDepth = 0;
        s.gradientsInFlight.clear();
        // Keep executingNode: the failing node stays highlighted.
        if (p.failingNode != 0)
            s.executingNode = p.failingNode;
    }
};

}  // namespace

void apply(GraphState& state, const Event& event)
{
    if (event.line != 0 && !std::holds_alternative<LineReached>(event.payload))
        state.line = event.line;
    std::visit(Folder{state, event}, event.payload);
    state.step = event.step + 1;
}

GraphState stateAt(const Recording& recording, size_t step)
{
    GraphState state;
    const size_t end = std::min(step, recording.size());
    for (size_t i = 0; i < end; ++i)
        apply(state, recording[i]);
    state.step = end;
    return state;
}

std::string consoleText(const Recording& recording, size_t step)
{
    std::string text;
    const size_t end = std::min(step, recording.size());
    for (size_t i = 0; i < end; ++i)
        if (const auto* out = std::get_if<Output>(&recording[i].payload))
            text += out->text;
    return text;
}

// ---------------------------------------------------------------------------------

// Note [Console by offset]
// A 300,000-line print loop used to take 9 GB in the GUI: every snapshot held its own
// copy of the console so far. The output only ever grows, so a state keeps its length
// and the Timeline keeps the text once; the console at a step is a prefix of it.

Timeline::Timeline(const Recording& recording, size_t minInterval) : m_recording(&recording), m_minInterval(minInterval)
{
    m_snapshots.emplace_back();
    int line = 0, previousLine = 0;
    for (size_t i = 0; i < recording.size(); ++i) {
        const Event& e = recording[i];
        // The line apply() leaves in the state after this event.
        if (const auto* reached = std::get_if<LineReached>(&e.payload))
            line = reached->line;
        else if (e.line != 0)
            line = e.line;
        if (line != previousLine)
            m_lineRunStarts.push_back(i + 1);
        previousLine = line;
        if (const auto* out = std::get_if<Output>(&e.payload))
            m_console += out->text;
        if (std::holds_alternative<NodeExecuted>(e.payload))
            m_nodeSteps.push_back(i + 1);
        if (std::holds_alternative<BackwardBegin>(e.payload))
            m_markers.push_back({i + 1, MarkerKind::BackwardBegin});
        else if (std::holds_alternative<ErrorRaised>(e.payload))
            m_markers.push_back({i + 1, MarkerKind::ErrorRaised});
        else if (std::holds_alternative<VersionBumped>(e.payload))
            m_markers.push_back({i + 1, MarkerKind::VersionBumped});
    }
}

const GraphState& Timeline::seek(size_t step)
{
    step = std::min(step, size());
    if (step == m_current.step)
        return m_current;
    // Index of the last snapshot at or before `step`.
    auto it = std::upper_bound(m_snapshots.begin(), m_snapshots.end(), step,
                               [](size_t s, const GraphState& g) { return s < g.step; });
    const GraphState& base = *std::prev(it);
    // Moving forward from the current state is cheaper than copying when the current
    // state is at or after the best snapshot.
    if (!(m_current.step <= step && m_current.step >= base.step))
        m_current = base;
    for (size_t i = m_current.step; i < step; ++i) {
        apply(m_current, (*m_recording)[i]);
        // Past the last snapshot: take the ones due on the way (Note [Lazy snapshots]).
        const size_t last = m_snapshots.back().step;
        if (m_current.step > last && m_current.step - last >= std::max(m_minInterval, m_current.entityCount() / 256))
            m_snapshots.push_back(m_current);
    }
    m_current.step = step;
    return m_current;
}

int Timeline::lineAt(size_t step) const
{
    // The line at `step` is the line of the latest run start at or before it.
    auto it = std::upper_bound(m_lineRunStarts.begin(), m_lineRunStarts.end(), step);
    if (it == m_lineRunStarts.begin())
        return 0;
    const size_t runStart = *std::prev(it);
    const Event& e = (*m_recording)[runStart - 1];
    if (const auto* lr = std::get_if<LineReached>(&e.payload))
        return lr->line;
    return e.line;
}

size_t Timeline::nextLineStep(size_t step) const
{
    auto it = std::upper_bound(m_lineRunStarts.begin(), m_lineRunStarts.end(), step);
    return it == m_lineRunStarts.end() ? size() : *it;
}

size_t Timeline::previousLineStep(size_t step) const
{
    auto it = std::upper_bound(m_lineRunStarts.begin(), m_lineRunStarts.end(), step);
    if (it == m_lineRunStarts.begin())
        return 0;
    const size_t runStart = *std::prev(it);
    if (runStart < step)
        return runStart;
    // Already at the start of this run: go to the start of the previous one.
    if (std::prev(it) == m_lineRunStarts.begin())
        return 0;
    return *std::prev(it, 2);
}

size_t Timeline::nextBackwardNodeStep(size_t step) const
{
    auto it = std::upper_bound(m_nodeSteps.begin(), m_nodeSteps.end(), step);
    return it == m_nodeSteps.end() ? step : *it;
}

size_t Timeline::previousBackwardNodeStep(size_t step) const
{
    auto it = std::lower_bound(m_nodeSteps.begin(), m_nodeSteps.end(), step);
    return it == m_nodeSteps.begin() ? step : *std::prev(it);
}

// ---------------------------------------------------------------------------------

// Note [Module calls]
// ModuleEnter names a module object, and a script calls the same object again: a second
// forward pass, every step of a training loop. The final graph draws calls, not objects
// (the GUI frames and collapses `model.0` of this forward pass, not of all of them): the
// first call of a module keeps the module's id, each later one gets an id of its own,
// counted from kFirstRepeatedCallId, far above the ids the host hands out.
constexpr Id kFirstRepeatedCallId = Id(1) << 62;

FinalGraph finalGraph(const Recording& recording)
{
    FinalGraph g;
    Id nextCall = kFirstRepeatedCallId;
    std::unordered_map<Id, size_t> tensorIndex;
    std::unordered_map<Id, size_t> nodeIndex;
    std::unordered_map<Id, size_t> savedIndex;
    std::vector<std::pair<Id, Id>> moduleStack;  // (module, its call in g.modules)
    std::vector<Id> roots;
    size_t tensorEvents = 0, nodeEvents = 0;  // a 100,000-node run would regrow these vectors 17 times
    for (const Event& e : recording.events()) {
        tensorEvents += std::holds_alternative<TensorCreated>(e.payload);
        nodeEvents += std::holds_alternative<NodeCreated>(e.payload);
    }
    g.tensors.reserve(tensorEvents);
    g.nodes.reserve(nodeEvents);
    tensorIndex.reserve(tensorEvents);
    nodeIndex.reserve(nodeEvents);
    for (const Event& e : recording.events()) {
        std::visit(
            [&](const auto& p) {
                using T = std::decay_t<decltype(p)>;
                if constexpr (std::is_same_v<T, TensorCreated>) {
                    FinalTensor t;
                    t.id = p.tensor;
                    t.label = p.label;
                    t.shape = p.shape;
                    t.dtype = p.dtype;
                    t.requiresGrad = p.requiresGrad;
                    t.isLeaf = p.isLeaf;
                    t.gradFn = p.gradFn;
                    t.outputNr = p.outputNr;
                    if (p.gradFn != 0)
                        t.gradFnHistory.push_back(p.gradFn);
                    t.createdStep = e.step;
                    if (auto it = tensorIndex.find(p.tensor); it != tensorIndex.end()) {
                        g.tensors[it->second] = t;
                    } else {
                        tensorIndex[p.tensor] = g.tensors.size();
                        g.tensors.push_back(t);
                    }
                } else if constexpr (std::is_same_v<T, TensorLabeled>) {
                    if (auto it = tensorIndex.find(p.tensor); it != tensorIndex.end())
                        g.tensors[it->second].label = p.label;
                } else if constexpr (std::is_same_v<T, TensorDataSet>) {
                    if (auto it = tensorIndex.find(p.tensor); it != tensorIndex.end()) {
                        g.tensors[it->second].shape = p.shape;
                        g.tensors[it->second].dtype = p.dtype;
                    }
                } else if constexpr (std::is_same_v<T, GradFnChanged>) {
                    if (auto it = tensorIndex.find(p.tensor); it != tensorIndex.end()) {
                        FinalTensor& t = g.tensors[it->second];
                        if (p.gradFn != 0) {
                            t.gradFn = p.gradFn;
                            t.outputNr = p.outputNr;
                            t.gradFnHistory.push_back(p.gradFn);
                            t.isLeaf = false;
                        }
                        t.requiresGrad = p.requiresGrad;
                    }
                } else if constexpr (std::is_same_v<T, NodeCreated>) {
                    FinalNode n;
                    n.id = p.node;
                    n.name = p.name;
                    n.nextEdges = p.nextEdges;
                    n.phase = p.phase;
                    n.checkpointSegment = p.checkpointSegment;
                    n.variable = p.variable;
                    n.module = moduleStack.empty() ? 0 : moduleStack.back().second;
                    n.createdStep = e.step;
                    if (nodeIndex.find(p.node) == nodeIndex.end()) {
                        nodeIndex[p.node] = g.nodes.size();
                        g.nodes.push_back(std::move(n));
                    }
                } else if constexpr (std::is_same_v<T, TensorSaved>) {
                    if (auto it = nodeIndex.find(p.node); it != nodeIndex.end())
                        g.nodes[it->second].savedSlots.push_back(p.slot);
                    if (auto it = tensorIndex.find(p.tensor); it != tensorIndex.end())
                        g.tensors[it->second].savedBySomeNode = true;
                    savedIndex[p.saved] = g.savedLinks.size();
                    g.savedLinks.push_back({p.saved, p.node, p.tensor, p.holding, {}, {}});
                } else if constexpr (std::is_same_v<T, Packed>) {
                    if (auto it = savedIndex.find(p.saved); it != savedIndex.end()) {
                        g.savedLinks[it->second].hook = p.hook;
                        g.savedLinks[it->second].packedDevice = p.toDevice;
                    }
                } else if constexpr (std::is_same_v<T, BackwardBegin>) {
                    roots.insert(roots.end(), p.roots.begin(), p.roots.end());
                } else if constexpr (std::is_same_v<T, ModuleEnter>) {
                    // See Note [Module calls].
                    const Id call = g.modules.count(p.module) ? nextCall++ : p.module;
                    ModuleView& m = g.modules[call];
                    m.id = call;
                    m.name = p.name;
                    m.type = p.type;
                    m.parent = moduleStack.empty() ? 0 : moduleStack.back().second;
                    moduleStack.emplace_back(p.module, call);
                } else if constexpr (std::is_same_v<T, ModuleExit>) {
                    auto it = std::find_if(moduleStack.rbegin(), moduleStack.rend(),
                                           [&p](const std::pair<Id, Id>& entered) { return entered.first == p.module; });
                    if (it != moduleStack.rend())
                        moduleStack.erase(std::next(it).base(), moduleStack.end());
                }
            },
            e.payload);
    }
    // A training loop calls backward() once per step: look the roots up, not through.
    std::sort(roots.begin(), roots.end());
    for (FinalTensor& t : g.tensors)
        if (t.gradFn != 0 && std::binary_search(roots.begin(), roots.end(), t.gradFn))
            t.isBackwardRoot = true;
    return g;
}

}  // namespace agv::trace

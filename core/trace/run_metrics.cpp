#include "core/trace/run_metrics.h"

#include <deque>
#include <map>
#include <string>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace agv::trace {

namespace {

/// Version counters of storage that belongs to leaves requiring grad: parameters and
/// inputs. A leaf made by detaching an activation (a reentrant recompute's input) shares
/// the activation's storage, so storage that any tensor produced with a history (not as
/// a view) is an activation's, whichever leaves share it later.
std::unordered_set<Id> leafStorage(const Recording& recording)
{
    std::unordered_map<Id, Id> counterOf;  // tensor -> its version counter
    std::unordered_set<Id> leafRequiringGrad, producedWithHistory;
    auto note = [&](Id counter, Id gradFn, bool isLeaf, bool isView, bool requiresGrad) {
        if (gradFn != 0 && !isView)
            producedWithHistory.insert(counter);
        else if (gradFn == 0 && isLeaf && requiresGrad)
            leafRequiringGrad.insert(counter);
    };
    for (const Event& e : recording.events()) {
        if (const auto* t = std::get_if<TensorCreated>(&e.payload)) {
            counterOf[t->tensor] = t->versionCounter;
            note(t->versionCounter, t->gradFn, t->isLeaf, t->viewOf != 0, t->requiresGrad);
        } else if (const auto* g = std::get_if<GradFnChanged>(&e.payload)) {
            // `torch.tensor(..., requires_grad=True)`, requires_grad_() and in-place ops
            // that give a tensor a history arrive as changes.
            if (const auto counter = counterOf.find(g->tensor); counter != counterOf.end())
                note(counter->second, g->gradFn, g->gradFn == 0, false, g->requiresGrad);
        }
    }
    std::unordered_set<Id> leaves;
    for (Id counter : leafRequiringGrad)
        if (!producedWithHistory.contains(counter))
            leaves.insert(counter);
    return leaves;
}

/// The bytes live saved variables hold, one version counter counted once (with the
/// most bytes saved through it), kept up to date as variables are saved and released.
class SavedBytes {
public:
    explicit SavedBytes(std::unordered_set<Id> leafStorage) : m_leafStorage(std::move(leafStorage)) {}

    void apply(const Payload& payload)
    {
        if (const auto* s = std::get_if<TensorSaved>(&payload)) {
            release(s->saved);
            const bool holdsTensor = s->holding == SavedHolding::Original || s->holding == SavedHolding::DataOnly;
            if (!holdsTensor || m_leafStorage.contains(s->versionCounter))
                return;
            m_saved[s->saved] = {s->node, s->versionCounter, s->bytes};
            m_savedOf[s->node].push_back(s->saved);
            add(s->versionCounter, s->bytes, +1);
        } else if (const auto* op = std::get_if<SelectiveCheckpointOp>(&payload)) {
            if (op->action == SacAction::Cached) {
                m_sacCache[op->op].push_back(op->bytes);
                m_sacTotal += op->bytes;
            } else if (op->action == SacAction::Restored) {
                std::deque<uint64_t>& kept = m_sacCache[op->op];
                if (!kept.empty()) {
                    m_sacTotal -= kept.front();
                    kept.pop_front();
                }
            }
        } else if (const auto* r = std::get_if<SavedReleased>(&payload)) {
            const auto node = m_savedOf.find(r->node);
            if (node == m_savedOf.end())
                return;
            const std::vector<Id> saved = std::move(node->second);
            m_savedOf.erase(node);
            for (Id id : saved)
                release(id);
        }
    }

    uint64_t total() const { return m_total + m_sacTotal; }

private:
    struct Held {
        Id node, versionCounter;
        uint64_t bytes;
    };

    void release(Id saved)
    {
        const auto it = m_saved.find(saved);
        if (it == m_saved.end())
            return;
        add(it->second.versionCounter, it->second.bytes, -1);
        m_saved.erase(it);
    }

    /// Adds (or removes) one holder of `bytes` through `counter`; the total follows the
    /// largest holder per counter.
    void add(Id counter, uint64_t bytes, int change)
    {
        std::map<uint64_t, int>& holders = m_holders[counter];
        const uint64_t before = holders.empty() ? 0 : holders.rbegin()->first;
        if ((holders[bytes] += change) <= 0)
            holders.erase(bytes);
        const uint64_t after = holders.empty() ? 0 : holders.rbegin()->first;
        if (holders.empty())
            m_holders.erase(counter);
        m_total = m_total - before + after;
    }

    std::unordered_set<Id> m_leafStorage;
    std::unordered_map<Id, Held> m_saved;                          // saved variable -> what it holds
    std::unordered_map<Id, std::vector<Id>> m_savedOf;             // node -> its saved variables
    std::unordered_map<Id, std::map<uint64_t, int>> m_holders;     // version counter -> bytes -> holders
    uint64_t m_total = 0;
    std::unordered_map<std::string, std::deque<uint64_t>> m_sacCache;  // op -> kept bytes, in call order
    uint64_t m_sacTotal = 0;
};

/// Bytes allocated on all devices together, kept up to date from MemoryChanged.
class TotalBytes {
public:
    void apply(const Payload& payload)
    {
        if (const auto* m = std::get_if<MemoryChanged>(&payload)) {
            uint64_t& current = m_current[m->device];
            m_total = m_total - current + m->current;
            current = m->current;
        }
    }
    uint64_t total() const { return m_total; }

private:
    std::map<std::string, uint64_t> m_current;
    uint64_t m_total = 0;
};

}  // namespace

std::vector<uint64_t> savedBytesOverTime(const Recording& recording)
{
    SavedBytes saved(leafStorage(recording));
    std::vector<uint64_t> out;
    out.reserve(recording.size());
    for (const Event& e : recording.events()) {
        saved.apply(e.payload);
        out.push_back(saved.total());
    }
    return out;
}

std::vector<uint64_t> totalBytesOverTime(const Recording& recording)
{
    TotalBytes total;
    std::vector<uint64_t> out;
    out.reserve(recording.size());
    for (const Event& e : recording.events()) {
        total.apply(e.payload);
        out.push_back(total.total());
    }
    return out;
}

RunMetrics computeRunMetrics(const Recording& recording)
{
    RunMetrics metrics;
    SavedBytes saved(leafStorage(recording));
    TotalBytes total;
    std::unordered_map<Id, bool> reentrant;          // segment -> CheckpointBegin::reentrant
    std::unordered_map<Id, int> recomputes;          // segment -> RecomputeBegin events so far
    for (const Event& e : recording.events()) {
        saved.apply(e.payload);
        total.apply(e.payload);
        if (saved.total() > metrics.peakSavedBytes) {
            metrics.peakSavedBytes = saved.total();
            metrics.peakSavedStep = e.step;
        }
        if (total.total() > metrics.peakTotalBytes) {
            metrics.peakTotalBytes = total.total();
            metrics.peakTotalStep = e.step;
        }
        if (const auto* b = std::get_if<CheckpointBegin>(&e.payload)) {
            reentrant[b->segment] = b->reentrant;
            ++metrics.segmentsCheckpointed;
        } else if (const auto* r = std::get_if<RecomputeBegin>(&e.payload)) {
            ++recomputes[r->segment];
            ++metrics.segmentsRecomputed;
        } else if (const auto* n = std::get_if<NodeCreated>(&e.payload)) {
            if (n->name == "AccumulateGrad")
                continue;
            if (n->phase == NodePhase::Recompute) {
                ++metrics.recomputedOps;
                // A reentrant segment's forward ran these ops without building nodes; its
                // first recompute tells how many (a second backward would repeat them).
                if (reentrant[n->checkpointSegment] && recomputes[n->checkpointSegment] == 1)
                    ++metrics.forwardOps;
            } else if (n->phase == NodePhase::Forward && n->name != "CheckpointFunctionBackward") {
                ++metrics.forwardOps;
            }
        } else if (const auto* op = std::get_if<SelectiveCheckpointOp>(&e.payload)) {
            if (op->action == SacAction::Restored) {
                ++metrics.restoredOps;
                if (op->node != 0 && metrics.recomputedOps > 0)
                    --metrics.recomputedOps;  // its node was counted above: it did not run again
            }
        } else if (std::holds_alternative<ErrorRaised>(e.payload)) {
            metrics.failed = true;
        }
    }
    return metrics;
}

}  // namespace agv::trace

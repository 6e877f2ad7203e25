#include "core/trace/recompute_check.h"

#include <map>
#include <set>

namespace agv::trace {

namespace {

struct Window {
    Id segment = 0;
    bool recompute = false;
    bool ignored = false;  ///< a second recompute of the same segment (compared: the first)
    std::set<Id> seen;  ///< a tensor announced twice (an output re-wired) counts once
};

std::string firstDifference(const SegmentTensor& a, const SegmentTensor& b)
{
    // Forward of a reentrant checkpoint ran under no_grad: no op names to compare then.
    if (!a.op.empty() && !b.op.empty() && a.op != b.op)
        return "op";
    if (a.shape != b.shape)
        return "shape";
    if (a.dtype != b.dtype)
        return "dtype";
    if (a.preview != b.preview)
        return "value";
    return {};
}

}  // namespace

std::vector<RecomputeComparison> compareRecomputes(const Recording& recording)
{
    std::map<Id, RecomputeComparison> bySegment;
    std::map<Id, std::string> nodeNames;
    std::vector<Window> open;
    for (const Event& e : recording.events()) {
        if (const auto* n = std::get_if<NodeCreated>(&e.payload)) {
            nodeNames[n->node] = n->name;
        } else if (const auto* b = std::get_if<CheckpointBegin>(&e.payload)) {
            RecomputeComparison& c = bySegment[b->segment];
            c.segment = b->segment;
            c.reentrant = b->reentrant;
            c.preserveRngState = b->preserveRngState;
            open.push_back({b->segment, false, false, {}});
        } else if (const auto* r = std::get_if<RecomputeBegin>(&e.payload)) {
            RecomputeComparison& c = bySegment[r->segment];
            c.segment = r->segment;
            open.push_back({r->segment, true, c.recomputeEndStep != 0, {}});
        } else if (std::holds_alternative<CheckpointEnd>(e.payload)) {
            if (!open.empty())
                open.pop_back();
        } else if (const auto* end = std::get_if<RecomputeEnd>(&e.payload)) {
            const bool first = !open.empty() && !open.back().ignored;
            if (!open.empty())
                open.pop_back();
            if (first)
                bySegment[end->segment].recomputeEndStep = e.step;
        } else if (const auto* t = std::get_if<TensorCreated>(&e.payload)) {
            if (open.empty() || open.back().ignored || !open.back().seen.insert(t->tensor).second)
                continue;
            SegmentTensor st;
            st.step = e.step;
            st.line = e.line;
            st.tensor = t->tensor;
            if (auto it = nodeNames.find(t->gradFn); it != nodeNames.end())
                st.op = it->second;
            st.shape = t->shape;
            st.dtype = t->dtype;
            st.preview = t->preview;
            RecomputeComparison& c = bySegment[open.back().segment];
            (open.back().recompute ? c.recompute : c.forward).push_back(std::move(st));
        }
    }
    std::vector<RecomputeComparison> out;
    for (auto& [segment, c] : bySegment) {
        if (c.recomputeEndStep == 0)
            continue;  // never recomputed (no backward reached it)
        const size_t common = std::min(c.forward.size(), c.recompute.size());
        for (size_t i = 0; i < common && !c.firstDifference; ++i) {
            std::string what = firstDifference(c.forward[i], c.recompute[i]);
            if (!what.empty()) {
                c.firstDifference = i;
                c.difference = std::move(what);
            }
        }
        if (!c.firstDifference && c.forward.size() != c.recompute.size()) {
            c.firstDifference = common;
            c.difference = "count";
        }
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace agv::trace

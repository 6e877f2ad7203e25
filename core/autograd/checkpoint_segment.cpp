#include "core/autograd/checkpoint_segment.h"

#include <vector>

#include "core/autograd/saved_tensor_hooks.h"
#include "core/trace/sink.h"

namespace agv {

namespace {

struct Scope {
    uint64_t segment;
    bool recompute;
    int savedMute;  ///< a recompute runs inside a node's backward (muted): it is shown
};

std::vector<Scope>& scopes()
{
    thread_local std::vector<Scope> s;
    return s;
}

uint64_t g_nextSegment = 1;

}  // namespace

uint64_t CheckpointSegments::newSegment() { return g_nextSegment++; }

void CheckpointSegments::enterForward(uint64_t segment, bool reentrant, bool preserveRngState)
{
    scopes().push_back({segment, false, 0});
    // A non-reentrant checkpoint pushes its own hooks only after this: what is innermost
    // now is what it is about to shadow (Note [A checkpoint that shadows save_on_cpu]).
    trace::publish(trace::CheckpointBegin{segment, reentrant, preserveRngState, SavedTensorDefaultHooks::innermostLabel()});
}

void CheckpointSegments::enterRecompute(uint64_t segment)
{
    scopes().push_back({segment, true, trace::unmute()});
    trace::publish(trace::RecomputeBegin{segment});
}

void CheckpointSegments::leave()
{
    if (scopes().empty())
        return;
    const Scope scope = scopes().back();
    scopes().pop_back();
    if (!scope.recompute) {
        trace::publish(trace::CheckpointEnd{scope.segment});
        return;
    }
    trace::publish(trace::RecomputeEnd{scope.segment});
    trace::restoreMute(scope.savedMute);
}

uint64_t CheckpointSegments::current() { return scopes().empty() ? 0 : scopes().back().segment; }

bool CheckpointSegments::recomputing()
{
    // Any enclosing recompute counts: a segment nested in a recomputed one is recomputed too.
    for (const Scope& s : scopes())
        if (s.recompute)
            return true;
    return false;
}

}  // namespace agv

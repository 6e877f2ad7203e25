#pragma once
// The oneDNN CPU engine every primitive here runs on (convolutions, GELU).

#include <dnnl.hpp>

#include <unordered_map>

namespace agv::ops::onednn {

/// Created once, after this thread's OpenMP setting is pinned to one thread: a
/// reduction split across threads would round by the thread count, and switching the
/// setting per call kept a team of spinning OpenMP threads busy between primitives.
dnnl::engine& cpuEngine();

/// Runs one primitive on a stream of cpuEngine() and waits for it.
void runAndWait(const dnnl::primitive& prim, const std::unordered_map<int, dnnl::memory>& args);

}  // namespace agv::ops::onednn

#include "core/ops/onednn_engine.h"

#include <omp.h>

namespace agv::ops::onednn {

dnnl::engine& cpuEngine()
{
    static thread_local const bool pinned = [] {
        omp_set_num_threads(1);
        return true;
    }();
    (void)pinned;
    static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

void runAndWait(const dnnl::primitive& prim, const std::unordered_map<int, dnnl::memory>& args)
{
    dnnl::stream stream(cpuEngine());
    prim.execute(stream, args);
    stream.wait();
}

}  // namespace agv::ops::onednn

// The CUDA backend of a build made without nvcc: no device is ever usable, and the
// functions that need one are never reached (allocatorFor refuses cuda first).

#include "core/device/caching_allocator.h"
#include "core/device/cuda_backend.h"
#include "core/error.h"

namespace agv::cuda {

bool deviceUsable() { return false; }
std::string unusableReason() { return "this build has no CUDA backend (nvcc was not found when it was built)"; }
std::string deviceName() { return {}; }
void initializeContext() {}

std::unique_ptr<SegmentSource> makeSegmentSource(int)
{
    throw Error(PyExc::RuntimeError, "Torch not compiled with CUDA enabled");
}

void synchronize() {}

}  // namespace agv::cuda

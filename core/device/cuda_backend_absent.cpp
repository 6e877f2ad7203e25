// The CUDA backend of a build made without nvcc: no device is ever usable, and the
// functions that need one are never reached (allocatorFor refuses cuda first).

#include "core/device/caching_allocator.h"
#include "core/device/cuda/kernel_launch.h"
#include "core/device/cuda_backend.h"
#include "core/error.h"

namespace agv::cuda {

bool deviceUsable() { return false; }
std::string unusableReason() { return "this build has no CUDA backend (nvcc was not found when it was built)"; }
std::string deviceName() { return {}; }
DeviceShape deviceShape() { return {}; }
void initializeContext() {}

std::unique_ptr<SegmentSource> makeSegmentSource(int)
{
    throw Error(PyExc::RuntimeError, "Torch not compiled with CUDA enabled");
}

void synchronize() {}

}  // namespace agv::cuda

// The GPU kernels' launches (kernel_launch.h): gpu_kernels.cpp only launches on a usable
// GPU, which this build never has.
namespace agv::cuda {

namespace {
[[noreturn]] void noBackend() { throw Error(PyExc::RuntimeError, "Torch not compiled with CUDA enabled"); }
}  // namespace

void launchBinary(const gpu::body::Loop&, gpu::ElementType, gpu::ElementType) { noBackend(); }
void launchUnary(const gpu::body::Loop&, gpu::ElementType) { noBackend(); }
void launchCopy(const gpu::body::Loop&, gpu::ElementType, gpu::ElementType) { noBackend(); }
bool gemm(bool, bool, bool, int64_t, int64_t, int64_t, double, const void*, int64_t, const void*, int64_t, double, void*)
{
    return false;
}
std::string cublasUnavailableReason() { return unusableReason(); }

}  // namespace agv::cuda

#pragma once
// The real GPU, seen from the engine: whether one is usable, its name, its memory and
// synchronisation. Declared without CUDA headers so every other file of the core
// compiles with g++ alone; defined in cuda/cuda_backend.cu when nvcc is found, and in
// cuda_backend_absent.cpp (no device, ever) when it is not. See Note [The real GPU].

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace agv {

class SegmentSource;

namespace cuda {

/// Whether a device can be used: the driver loads and reports at least one GPU. Asked
/// once; the answer is kept. Never throws, never aborts: a machine without a driver,
/// or with a driver too old for this build, answers false.
bool deviceUsable();

/// Why deviceUsable() is false, in words for the command line ("no CUDA driver", "no
/// GPU", "this build has no CUDA backend", ...); "" when it is true.
std::string unusableReason();

/// "NVIDIA H200" and the like (cudaGetDeviceProperties), "" without a device.
std::string deviceName();

/// The size of device 0 that PyTorch's kernels size their grids by.
struct DeviceShape {
    int multiprocessors = 0;
    int maxThreadsPerMultiprocessor = 0;
    int major = 0;  ///< compute capability
    int minor = 0;
};
/// cudaGetDeviceProperties' multiProcessorCount, maxThreadsPerMultiProcessor and compute
/// capability; zeros without a device.
DeviceShape deviceShape();

/// Starts the CUDA context now: the host calls it before its sandbox closes the
/// device files and ioctls the driver's set-up needs. No-op without a device.
void initializeContext();

/// Segments of unified memory on device `index`, for the caching allocator: the GPU's
/// kernels read them at device speed, and an op without a GPU kernel still runs on the
/// host over the same bytes (the driver moves the pages).
std::unique_ptr<SegmentSource> makeSegmentSource(int index);

/// Waits for every kernel and copy launched so far: before the host reads device memory,
/// and for torch.cuda.synchronize().
void synchronize();

}  // namespace cuda
}  // namespace agv

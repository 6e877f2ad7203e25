// torch._C's device memory, as torch/cuda/__init__.py and torch/cuda/memory.py read it:
// availability, the device's name, synchronisation, the caching allocator's statistics
// (memory_stats() and everything built on it), and the roles the optimizers give the
// memory they allocate.

#include <pybind11/pybind11.h>

#include "core/device/allocator.h"
#include "core/device/caching_allocator.h"
#include "core/device/cuda_backend.h"
#include "core/device/memory_role.h"
#include "core/error.h"
#include "core/python/bindings.h"

namespace py = pybind11;

namespace agv::python {

namespace {

int deviceCount() { return cudaAvailable() ? 1 : 0; }

/// The caching allocator of device `index`, with 1.13's check of the index.
CachingAllocator& cachingAllocatorOf(int64_t index)
{
    if (index < 0 || index >= deviceCount())
        throw Error(PyExc::RuntimeError,
                    detail::concat("Invalid device argument ", index, ": did you call init?"));
    CachingAllocator* cache = allocatorFor(Device::cuda(int(index))).cachingAllocator();
    AGV_CHECK(cache != nullptr, RuntimeError, "the GPU has no caching allocator");
    return *cache;
}

py::dict statDict(const AllocatorStat& stat)
{
    py::dict d;
    d["current"] = stat.current;
    d["peak"] = stat.peak;
    d["allocated"] = stat.allocated;
    d["freed"] = stat.freed;
    return d;
}

py::dict statArrayDict(const StatArray& array)
{
    py::dict d;
    d["all"] = statDict(array[size_t(StatPool::All)]);
    d["small_pool"] = statDict(array[size_t(StatPool::SmallPool)]);
    d["large_pool"] = statDict(array[size_t(StatPool::LargePool)]);
    return d;
}

/// torch._C._cuda_memoryStats: the nested dict torch.cuda.memory_stats() flattens.
py::dict memoryStats(int64_t index)
{
    const CachingAllocatorStats& s = cachingAllocatorOf(index).stats();
    py::dict d;
    d["num_alloc_retries"] = s.numAllocRetries;
    d["num_ooms"] = s.numOoms;
    // 1.13 reports an unset max_split_size (SIZE_MAX) through int64_t: -1.
    d["max_split_size"] = int64_t(-1);
    d["oversize_allocations"] = statDict(s.oversizeAllocations);
    d["oversize_segments"] = statDict(s.oversizeSegments);
    d["allocation"] = statArrayDict(s.allocation);
    d["segment"] = statArrayDict(s.segment);
    d["active"] = statArrayDict(s.active);
    d["inactive_split"] = statArrayDict(s.inactiveSplit);
    d["allocated_bytes"] = statArrayDict(s.allocatedBytes);
    d["reserved_bytes"] = statArrayDict(s.reservedBytes);
    d["active_bytes"] = statArrayDict(s.activeBytes);
    d["inactive_split_bytes"] = statArrayDict(s.inactiveSplitBytes);
    return d;
}

}  // namespace

void bindCuda(py::module_& m)
{
    m.def("_cuda_is_available", [] { return cudaAvailable(); });
    m.def("_cuda_device_count", [] { return deviceCount(); });
    m.def("_cuda_is_initialized", [] { return cudaInitialized(); });
    // Sets the GPU up; without one, allocatorFor raises CPU-only PyTorch's AssertionError.
    m.def("_cuda_init", [] { allocatorFor(Device::cuda()); });
    m.def("_cuda_getDeviceName", [](int64_t index) {
        cachingAllocatorOf(index);
        return gpuMode() == GpuMode::Simulated ? std::string("Simulated GPU") : cuda::deviceName();
    });
    m.def("_cuda_synchronize", [] { cuda::synchronize(); });
    m.def("_cuda_memoryStats", [](int64_t index) { return memoryStats(index); });
    m.def("_cuda_emptyCache", [] {
        if (cudaInitialized())
            cachingAllocatorOf(0).emptyCache();
    });
    m.def("_cuda_resetPeakMemoryStats", [](int64_t index) { cachingAllocatorOf(index).resetPeakStats(); });
    m.def("_cuda_resetAccumulatedMemoryStats",
          [](int64_t index) { cachingAllocatorOf(index).resetAccumulatedStats(); });
    // What the memory allocated in between is for (Note [Who holds the bytes]): the
    // optimizers' step() runs inside "optimizer_state", their closures inside "none".
    m.def("_push_memory_role", [](const std::string& role) {
        if (role == "optimizer_state")
            pushMemoryRole(trace::MemoryRole::OptimizerState);
        else if (role == "none")
            pushMemoryRole(trace::MemoryRole::None);
        else
            throw Error(PyExc::ValueError, "unknown memory role: " + role);
    });
    m.def("_pop_memory_role", [] { popMemoryRole(); });
    m.def("_cuda_memGetInfo", [](int64_t index) {
        const CachingAllocator& cache = cachingAllocatorOf(index);
        return py::make_tuple(cache.deviceFreeBytes(), cache.deviceTotalBytes());
    });
    // (name, major, minor, total memory, multiprocessors): the simulated GPU answers as the
    // A100 its random kernels are sized for (Note [The CUDA generator]), with its own memory.
    m.def("_cuda_getDeviceProperties", [](int64_t index) {
        const uint64_t total = cachingAllocatorOf(index).deviceTotalBytes();
        if (gpuMode() == GpuMode::Simulated)
            return py::make_tuple(std::string("Simulated GPU"), 8, 0, total, 108);
        const cuda::DeviceShape shape = cuda::deviceShape();
        return py::make_tuple(cuda::deviceName(), shape.major, shape.minor, total, shape.multiprocessors);
    });
}

}  // namespace agv::python

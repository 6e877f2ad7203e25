// The CUDA backend: device discovery, unified-memory segments for the caching allocator,
// synchronisation. Built when CMake finds nvcc; the CUDA runtime is
// linked statically, so the binary starts on machines without a driver and answers
// deviceUsable() == false there.

#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <string>

#include "core/device/caching_allocator.h"
#include "core/device/cuda_backend.h"
#include "core/error.h"

namespace agv::cuda {

// Note [The real GPU]
// ~~~~~~~~~~~~~~~~~~~
// Every storage of a cuda tensor is unified memory (cudaMallocManaged) taken in segments
// by PyTorch's caching allocator, with the GPU as its preferred location. Ops that have a
// GPU kernel run there; every other op runs its CPU kernel over the same bytes, the driver
// moving the pages it touches. That keeps every op of the engine available on the GPU from
// the first day, with values the CPU kernels give, while kernels move to the device one by
// one. The host only touches device memory when no kernel is running: each GPU op
// synchronises before it returns, so the CPU kernels that follow never race a kernel.
// Segments are refused beyond the device's memory, so a script meets PyTorch's
// out-of-memory error where PyTorch would, instead of the driver quietly oversubscribing.

namespace {

struct Probe {
    bool usable = false;
    std::string reason;
    std::string name;
    uint64_t totalBytes = 0;
    DeviceShape shape;
};

const Probe& probe()
{
    static const Probe result = [] {
        Probe p;
        int count = 0;
        const cudaError_t err = cudaGetDeviceCount(&count);
        if (err != cudaSuccess) {
            cudaGetLastError();
            // The runtime says "driver version is insufficient" when there is no driver at all.
            void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
            if (!driver) {
                p.reason = "no NVIDIA driver is installed (libcuda.so.1 was not found)";
            } else {
                dlclose(driver);
                p.reason = cudaGetErrorString(err);
            }
            return p;
        }
        if (count == 0) {
            p.reason = "the driver reports no GPU";
            return p;
        }
        cudaDeviceProp props{};
        if (cudaGetDeviceProperties(&props, 0) != cudaSuccess) {
            p.reason = "the GPU's properties cannot be read";
            cudaGetLastError();
            return p;
        }
        p.name = props.name;
        p.totalBytes = props.totalGlobalMem;
        p.shape = {props.multiProcessorCount, props.maxThreadsPerMultiProcessor, props.major, props.minor};
        int managed = 0;
        cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, 0);
        if (!managed) {
            p.reason = std::string(props.name) + " has no unified memory";
            return p;
        }
        p.usable = true;
        return p;
    }();
    return result;
}

void check(cudaError_t err, const char* what)
{
    if (err == cudaSuccess)
        return;
    cudaGetLastError();
    throw Error(PyExc::RuntimeError, std::string("CUDA error: ") + cudaGetErrorString(err) + " (" + what + ")");
}

class UnifiedMemory final : public SegmentSource {
public:
    explicit UnifiedMemory(int device) : m_device(device), m_total(probe().totalBytes) {}

    void* allocateSegment(size_t nbytes) override
    {
        if (nbytes > m_total || m_reserved + nbytes > m_total)
            return nullptr;
        void* ptr = nullptr;
        const cudaError_t err = cudaMallocManaged(&ptr, nbytes, cudaMemAttachGlobal);
        if (err == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            return nullptr;
        }
        check(err, "cudaMallocManaged");
        cudaMemLocation location{};
        location.type = cudaMemLocationTypeDevice;
        location.id = m_device;
        // Advice only: a device that ignores it still works.
        if (cudaMemAdvise(ptr, nbytes, cudaMemAdviseSetPreferredLocation, location) != cudaSuccess)
            cudaGetLastError();
        m_reserved += nbytes;
        return ptr;
    }

    void freeSegment(void* ptr, size_t nbytes) override
    {
        check(cudaFree(ptr), "cudaFree");
        m_reserved -= nbytes;
    }

    uint64_t deviceFreeBytes() const override
    {
        size_t free = 0, total = 0;
        if (cudaMemGetInfo(&free, &total) != cudaSuccess) {
            cudaGetLastError();
            return m_total - m_reserved;
        }
        return std::min<uint64_t>(free, m_total - m_reserved);
    }

    uint64_t deviceTotalBytes() const override { return m_total; }

private:
    int m_device;
    uint64_t m_total;
    uint64_t m_reserved = 0;
};

}  // namespace

bool deviceUsable() { return probe().usable; }

std::string unusableReason() { return probe().usable ? std::string() : probe().reason; }

std::string deviceName() { return probe().name; }

DeviceShape deviceShape() { return probe().shape; }

void initializeContext()
{
    if (!deviceUsable())
        return;
    check(cudaSetDevice(0), "cudaSetDevice");
    check(cudaFree(nullptr), "context creation");
}

std::unique_ptr<SegmentSource> makeSegmentSource(int index)
{
    if (!deviceUsable())
        throw Error(PyExc::RuntimeError, "CUDA error: " + unusableReason());
    return std::make_unique<UnifiedMemory>(index);
}

void synchronize()
{
    if (deviceUsable())
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

}  // namespace agv::cuda

#include "core/device/allocator.h"

#include <cstdlib>
#include <memory>
#include <sstream>

#include "core/error.h"
#include "core/trace/sink.h"

namespace agv {

Allocator::Allocator(Device device, uint64_t capacity) : m_device(device), m_capacity(capacity) {}

void* Allocator::allocate(size_t nbytes, uint64_t& allocationId)
{
    if (nbytes > m_capacity || m_current + nbytes > m_capacity)
        raiseOutOfMemory(nbytes);
    void* ptr = rawAllocate(nbytes == 0 ? 1 : nbytes);
    if (!ptr)
        raiseOutOfMemory(nbytes);
    m_current += nbytes;
    if (m_current > m_peak)
        m_peak = m_current;
    allocationId = m_nextId++;
    trace::publishAlways(trace::MemoryChanged{m_device.str(), allocationId, static_cast<int64_t>(nbytes), m_current,
                                           m_peak, 0});
    return ptr;
}

void Allocator::deallocate(void* ptr, size_t nbytes, uint64_t allocationId)
{
    rawFree(ptr);
    m_current -= nbytes;
    trace::publishAlways(trace::MemoryChanged{m_device.str(), allocationId, -static_cast<int64_t>(nbytes), m_current,
                                           m_peak, 0});
}

namespace {

constexpr size_t kAlignment = 64;

void* alignedAlloc(size_t nbytes)
{
    // malloc's 16-byte alignment is enough for scalar kernels; memalign costs ~1,000
    // instructions a call, which dominated small-tensor op overhead.
    if (nbytes < 4096)
        return std::malloc(nbytes);
    const size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    return std::aligned_alloc(kAlignment, rounded);
}

class CpuAllocator final : public Allocator {
public:
    // A cap below the machine's memory turns a runaway allocation into PyTorch's error
    // instead of the OOM killer taking the whole app down.
    CpuAllocator() : Allocator(Device::cpu(), uint64_t(8) << 30) {}

protected:
    void* rawAllocate(size_t nbytes) override { return alignedAlloc(nbytes); }
    void rawFree(void* ptr) override { std::free(ptr); }
    [[noreturn]] void raiseOutOfMemory(size_t nbytes) const override
    {
        throw Error(PyExc::RuntimeError,
                    detail::concat("[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't "
                                   "allocate memory: you tried to allocate ",
                                   nbytes, " bytes. Error code 12 (Cannot allocate memory)"),
                    ErrorKind::OutOfMemory);
    }
};

std::string formatGiB(double bytes)
{
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(2);
    if (bytes >= double(1 << 30))
        out << bytes / double(1 << 30) << " GiB";
    else if (bytes >= double(1 << 20))
        out << bytes / double(1 << 20) << " MiB";
    else
        out << bytes / double(1 << 10) << " KiB";
    return out.str();
}

/// The stand-in GPU: a separately accounted host arena with a fixed capacity, so a
/// classroom laptop still shows offloading and checkpointing savings.
class SimulatedCudaAllocator final : public Allocator {
public:
    SimulatedCudaAllocator() : Allocator(Device::cuda(0), uint64_t(4) << 30) {}
    std::string kindLabel() const override { return "simulated"; }

protected:
    void* rawAllocate(size_t nbytes) override { return alignedAlloc(nbytes); }
    void rawFree(void* ptr) override { std::free(ptr); }
    [[noreturn]] void raiseOutOfMemory(size_t nbytes) const override
    {
        const double total = double(capacity());
        const double used = double(currentBytes());
        throw Error(PyExc::OutOfMemoryError,
                    "CUDA out of memory. Tried to allocate " + formatGiB(double(nbytes)) +
                        " (GPU 0; " + formatGiB(total) + " total capacity; " + formatGiB(used) +
                        " already allocated; " + formatGiB(total - used) + " free; " + formatGiB(used) +
                        " reserved in total by PyTorch) If reserved memory is >> allocated memory try setting "
                        "max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and "
                        "PYTORCH_CUDA_ALLOC_CONF",
                    ErrorKind::OutOfMemory);
    }
};

GpuMode g_gpuMode = GpuMode::Auto;

}  // namespace

void setGpuMode(GpuMode mode) { g_gpuMode = mode; }
GpuMode gpuMode() { return g_gpuMode; }

bool cudaAvailable() { return g_gpuMode != GpuMode::None; }

Allocator& allocatorFor(Device device)
{
    static CpuAllocator cpu;
    static SimulatedCudaAllocator cuda;
    if (device.isCpu())
        return cpu;
    AGV_CHECK(cudaAvailable(), RuntimeError,
              "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a "
              "driver from http://www.nvidia.com/Download/index.aspx");
    return cuda;
}

}  // namespace agv

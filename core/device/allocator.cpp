#include "core/device/allocator.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>

#include "core/device/caching_allocator.h"
#include "core/device/cuda_backend.h"
#include "core/device/memory_role.h"
#include "core/device/pinned_host.h"
#include "core/error.h"
#include "core/trace/sink.h"

namespace agv {

Allocator::Allocator(Device device) : m_device(device) {}

namespace {
/// Allocation ids are numbered per device (MemoryChanged.allocation): pageable and pinned
/// host memory draw from one counter, so an id names one host allocation.
uint64_t nextAllocationId(Device device)
{
    static uint64_t next[2] = {1, 1};
    return next[device.isCpu() ? 0 : 1]++;
}
}  // namespace

void* Allocator::allocate(size_t nbytes, uint64_t& allocationId)
{
    const Block block = acquire(nbytes);
    allocationId = nextAllocationId(m_device);
    trace::publishAlways(trace::MemoryChanged{m_device.str(), allocationId, static_cast<int64_t>(block.bytes),
                                              currentBytes(), peakBytes(), 0, kindLabel(), currentMemoryRole()});
    return block.ptr;
}

void Allocator::deallocate(void* ptr, size_t nbytes, uint64_t allocationId)
{
    const size_t counted = release(ptr, nbytes);
    trace::publishAlways(trace::MemoryChanged{m_device.str(), allocationId, -static_cast<int64_t>(counted),
                                              currentBytes(), peakBytes(), 0, kindLabel()});
}

namespace {

GpuMode g_gpuMode = GpuMode::Auto;
bool g_gpuAllocatorCreated = false;

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

/// Host memory: pageable (the CPU's), or page-locked for the simulated GPU's copies
/// (Note [Pinned host memory]), accounted apart as cudaHostAlloc's is.
class HostAllocator final : public Allocator {
public:
    explicit HostAllocator(bool pinned) : Allocator(Device::cpu()), m_pinned(pinned) {}
    uint64_t currentBytes() const override { return m_current; }
    uint64_t peakBytes() const override { return m_peak; }
    void resetPeak() override { m_peak = m_current; }
    std::string kindLabel() const override { return m_pinned ? "pinned" : ""; }
    bool pinnedHost() const override { return m_pinned; }

protected:
    Block acquire(size_t nbytes) override
    {
        // A cap below the machine's memory turns a runaway allocation into PyTorch's error
        // instead of the OOM killer taking the whole app down.
        const uint64_t capacity = m_pinned ? kPinnedCapacity : kCapacity;
        void* ptr = nbytes > capacity || m_current + nbytes > capacity ? nullptr
                                                                       : alignedAlloc(nbytes == 0 ? 1 : nbytes);
        if (!ptr && m_pinned)  // cudaHostAlloc's failure, as PyTorch's CachingHostAllocator reports it
            throw Error(PyExc::RuntimeError, "CUDA error: out of memory", ErrorKind::OutOfMemory);
        if (!ptr)
            throw Error(PyExc::RuntimeError,
                        detail::concat("[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't "
                                       "allocate memory: you tried to allocate ",
                                       nbytes, " bytes. Error code 12 (Cannot allocate memory)"),
                        ErrorKind::OutOfMemory);
        m_current += nbytes;
        m_peak = std::max(m_peak, m_current);
        return {ptr, nbytes};
    }
    size_t release(void* ptr, size_t nbytes) override
    {
        std::free(ptr);
        m_current -= nbytes;
        return nbytes;
    }

private:
    static constexpr uint64_t kCapacity = uint64_t(8) << 30;
    static constexpr uint64_t kPinnedCapacity = uint64_t(4) << 30;
    const bool m_pinned;
    uint64_t m_current = 0;
    uint64_t m_peak = 0;
};

/// The simulated GPU's memory: a separately accounted host arena with a fixed capacity,
/// so a classroom laptop still shows offloading and checkpointing savings.
class SimulatedGpuMemory final : public SegmentSource {
public:
    void* allocateSegment(size_t nbytes) override
    {
        if (nbytes > m_capacity || m_reserved + nbytes > m_capacity)
            return nullptr;
        void* ptr = alignedAlloc(nbytes);
        if (ptr)
            m_reserved += nbytes;
        return ptr;
    }
    void freeSegment(void* ptr, size_t nbytes) override
    {
        std::free(ptr);
        m_reserved -= nbytes;
    }
    uint64_t deviceFreeBytes() const override { return m_capacity - m_reserved; }
    uint64_t deviceTotalBytes() const override { return m_capacity; }
    void setCapacity(uint64_t bytes) { m_capacity = bytes; }

private:
    uint64_t m_capacity = kDefaultSimulatedGpuBytes;
    uint64_t m_reserved = 0;
};

// The allocators live as long as the process: tensors still alive at exit (module
// globals, the interpreter's last references) give their memory back after every static
// object's destructor would have run.
SimulatedGpuMemory& simulatedGpuMemory()
{
    static auto* memory = new SimulatedGpuMemory;
    return *memory;
}

/// A GPU's allocator: PyTorch's caching allocator over the device's segments.
class GpuAllocator final : public Allocator {
public:
    GpuAllocator(SegmentSource& source, std::string kind)
        : Allocator(Device::cuda(0)), m_cache(source, 0), m_kind(std::move(kind))
    {
        g_gpuAllocatorCreated = true;
    }
    uint64_t currentBytes() const override { return uint64_t(allBytes().current); }
    uint64_t peakBytes() const override { return uint64_t(allBytes().peak); }
    void resetPeak() override { m_cache.resetPeakStats(); }
    std::string kindLabel() const override { return m_kind; }
    CachingAllocator* cachingAllocator() override { return &m_cache; }

protected:
    Block acquire(size_t nbytes) override
    {
        const CachingAllocator::Allocation a = m_cache.allocate(nbytes);
        return {a.ptr, a.blockSize};
    }
    size_t release(void* ptr, size_t) override { return m_cache.free(ptr); }

private:
    const AllocatorStat& allBytes() const { return m_cache.stats().allocatedBytes[size_t(StatPool::All)]; }
    CachingAllocator m_cache;
    std::string m_kind;
};

}  // namespace

void setGpuMode(GpuMode mode) { g_gpuMode = mode; }
GpuMode gpuMode() { return g_gpuMode; }

bool realCudaPresent() { return cuda::deviceUsable(); }

bool cudaInitialized() { return g_gpuAllocatorCreated; }

bool cudaAvailable()
{
    switch (g_gpuMode) {
    case GpuMode::Simulated: return true;
    case GpuMode::Auto:
    case GpuMode::Real: return realCudaPresent();
    case GpuMode::None: return false;
    }
    return false;
}

namespace {

/// "512M", "2G", "1.5GiB", "1073741824" -> bytes; 0 when not understood.
uint64_t parseByteSize(const std::string& text)
{
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !(value > 0))
        return 0;
    std::string unit(end);
    for (char& c : unit)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    if (unit.size() > 1 && unit.back() == 'B')
        unit.pop_back();
    if (unit.size() > 1 && unit.back() == 'I')
        unit.pop_back();
    double scale = 1;
    if (unit == "K")
        scale = double(1 << 10);
    else if (unit == "M")
        scale = double(1 << 20);
    else if (unit == "G")
        scale = double(1 << 30);
    else if (!unit.empty() && unit != "B")
        return 0;
    const double bytes = value * scale;
    return bytes >= 1 && bytes < 1e18 ? uint64_t(bytes) : 0;
}

}  // namespace

std::string configureGpu(const std::string& text)
{
    if (text == "auto")
        setGpuMode(GpuMode::Auto);
    else if (text == "none")
        setGpuMode(GpuMode::None);
    else if (text == "real") {
        if (!realCudaPresent())
            return "--gpu real: no CUDA device is usable (" + cuda::unusableReason() +
                   "); use --gpu simulated for the simulated GPU";
        setGpuMode(GpuMode::Real);
    } else if (text == "simulated" || text.rfind("simulated=", 0) == 0) {
        if (text.size() > 10) {
            const uint64_t bytes = parseByteSize(text.substr(10));
            if (bytes == 0)
                return "--gpu simulated=SIZE: cannot read the size '" + text.substr(10) + "' (try 512M or 2G)";
            setGpuMode(GpuMode::Simulated);
            simulatedGpuMemory().setCapacity(bytes);
        }
        setGpuMode(GpuMode::Simulated);
    } else {
        return "--gpu takes auto, real, simulated[=SIZE] or none, not '" + text + "'";
    }
    return {};
}

Allocator& allocatorFor(Device device)
{
    static auto* cpu = new HostAllocator(/*pinned=*/false);
    if (device.isCpu()) {
        static auto* pinned = new HostAllocator(/*pinned=*/true);
        return pinnedHostRequested() ? *pinned : *cpu;
    }
    // Without a GPU we answer as the PyTorch this machine would have: a CPU-only build.
    AGV_CHECK(cudaAvailable(), AssertionError, "Torch not compiled with CUDA enabled");
    if (g_gpuMode == GpuMode::Simulated) {
        static auto* simulated = new GpuAllocator(simulatedGpuMemory(), "simulated");
        return *simulated;
    }
    // See Note [The real GPU].
    static auto* real = new GpuAllocator(*cuda::makeSegmentSource(0).release(), "");
    return *real;
}

}  // namespace agv

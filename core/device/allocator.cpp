#include "core/device/allocator.h"

#include <cctype>
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
                                              m_peak, 0, kindLabel()});
    return ptr;
}

void Allocator::deallocate(void* ptr, size_t nbytes, uint64_t allocationId)
{
    rawFree(ptr);
    m_current -= nbytes;
    trace::publishAlways(trace::MemoryChanged{m_device.str(), allocationId, -static_cast<int64_t>(nbytes), m_current,
                                              m_peak, 0, kindLabel()});
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
    SimulatedCudaAllocator() : Allocator(Device::cuda(0), kDefaultSimulatedGpuBytes) {}
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

bool realCudaPresent()
{
    // The CUDA backend (issue 10) is not built yet: no build finds a real device.
    return false;
}

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
            return "--gpu real: no CUDA device is usable (this build has no CUDA backend, or the machine no GPU); "
                   "use --gpu simulated for the simulated GPU";
        setGpuMode(GpuMode::Real);
    } else if (text == "simulated" || text.rfind("simulated=", 0) == 0) {
        if (text.size() > 10) {
            const uint64_t bytes = parseByteSize(text.substr(10));
            if (bytes == 0)
                return "--gpu simulated=SIZE: cannot read the size '" + text.substr(10) + "' (try 512M or 2G)";
            setGpuMode(GpuMode::Simulated);
            allocatorFor(Device::cuda(0)).setCapacity(bytes);
        }
        setGpuMode(GpuMode::Simulated);
    } else {
        return "--gpu takes auto, real, simulated[=SIZE] or none, not '" + text + "'";
    }
    return {};
}

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

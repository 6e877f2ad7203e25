#pragma once
// Every storage comes from its device's allocator, which accounts current and peak
// bytes so the GUI can always plot memory (MemoryChanged events).

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/device/device.h"

namespace agv {

class Allocator {
public:
    explicit Allocator(Device device, uint64_t capacity);
    virtual ~Allocator() = default;
    Allocator(const Allocator&) = delete;
    Allocator& operator=(const Allocator&) = delete;

    /// Allocates zero-initialised? No: uninitialised memory, as torch.empty does.
    /// Raises PyTorch's out-of-memory error when over capacity. Returns the allocation id.
    void* allocate(size_t nbytes, uint64_t& allocationId);
    void deallocate(void* ptr, size_t nbytes, uint64_t allocationId);

    Device device() const { return m_device; }
    uint64_t currentBytes() const { return m_current; }
    uint64_t peakBytes() const { return m_peak; }
    uint64_t capacity() const { return m_capacity; }
    void setCapacity(uint64_t bytes) { m_capacity = bytes; }
    void resetPeak() { m_peak = m_current; }

    /// "simulated" for the host-memory stand-in of a GPU, else "".
    virtual std::string kindLabel() const { return {}; }

protected:
    virtual void* rawAllocate(size_t nbytes) = 0;
    virtual void rawFree(void* ptr) = 0;
    [[noreturn]] virtual void raiseOutOfMemory(size_t nbytes) const = 0;

private:
    Device m_device;
    uint64_t m_capacity;
    uint64_t m_current = 0;
    uint64_t m_peak = 0;
    uint64_t m_nextId = 1;
};

/// The allocator serving `device` (cpu, or the simulated / real cuda device).
Allocator& allocatorFor(Device device);

/// Whether a cuda device (real or simulated) is available: torch.cuda.is_available().
bool cudaAvailable();
/// Whether this build has a CUDA backend and the machine a device it can use.
bool realCudaPresent();

/// --gpu: `auto` is honest (a real GPU when present, otherwise none, as CPU-only PyTorch
/// answers); the simulated GPU is only there when asked for.
enum class GpuMode { Auto, Real, Simulated, None };
void setGpuMode(GpuMode mode);
GpuMode gpuMode();
/// Parses "auto", "real", "none", "simulated" or "simulated=SIZE" (SIZE like 512M, 2G,
/// 1.5GiB). Sets the simulated device's capacity when given. Returns an error text, or
/// "" when the text was understood.
std::string configureGpu(const std::string& text);
/// The simulated device's default capacity.
constexpr uint64_t kDefaultSimulatedGpuBytes = uint64_t(4) << 30;

}  // namespace agv

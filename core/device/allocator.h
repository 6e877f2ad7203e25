#pragma once
// Every storage comes from its device's allocator, which accounts current and peak
// bytes so the GUI can always plot memory (MemoryChanged events).

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/device/device.h"

namespace agv {

class CachingAllocator;

class Allocator {
public:
    explicit Allocator(Device device);
    virtual ~Allocator() = default;
    Allocator(const Allocator&) = delete;
    Allocator& operator=(const Allocator&) = delete;

    /// Uninitialised memory, as torch.empty gives. Raises PyTorch's out-of-memory error
    /// when the device is full. Returns the allocation id.
    void* allocate(size_t nbytes, uint64_t& allocationId);
    void deallocate(void* ptr, size_t nbytes, uint64_t allocationId);

    Device device() const { return m_device; }
    /// What memory_allocated() counts: on a GPU, the caching allocator's rounded blocks.
    virtual uint64_t currentBytes() const = 0;
    virtual uint64_t peakBytes() const = 0;
    virtual void resetPeak() = 0;

    /// "simulated" for the host-memory stand-in of a GPU, "pinned" for page-locked host
    /// memory (Note [Pinned host memory]), else "".
    virtual std::string kindLabel() const { return {}; }
    /// Page-locked host memory: what Tensor.is_pinned() answers.
    virtual bool pinnedHost() const { return false; }
    /// The caching allocator behind a GPU's memory (nullptr for the cpu).
    virtual CachingAllocator* cachingAllocator() { return nullptr; }

protected:
    struct Block {
        void* ptr;
        size_t bytes;  ///< what the allocation counts for (rounded on a GPU)
    };
    virtual Block acquire(size_t nbytes) = 0;
    /// Gives the block back; returns what it counted for.
    virtual size_t release(void* ptr, size_t nbytes) = 0;

private:
    Device m_device;
};

/// The allocator serving `device` (cpu, or the simulated / real cuda device). Host memory
/// is page-locked inside a PinnedHostScope (core/device/pinned_host.h).
Allocator& allocatorFor(Device device);

/// Whether a cuda device (real or simulated) is available: torch.cuda.is_available().
bool cudaAvailable();
/// Whether this build has a CUDA backend and the machine a device it can use.
bool realCudaPresent();
/// torch.cuda.is_initialized(): whether the GPU's allocator has been set up (by the
/// first cuda tensor, or torch.cuda.init()).
bool cudaInitialized();

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

#pragma once
// Page-locked ("pinned") host memory. See Note [Pinned host memory].

namespace agv {

// Note [Pinned host memory]
// PyTorch pins host memory through the CUDA driver (cudaHostAlloc): the GPU's DMA engine
// reads it directly, so copies from and to it run at the link's full rate, where a copy
// from pageable memory is staged through a pinned buffer by the driver first. `pin_memory=`
// of the factories, Tensor.pin_memory(), DataLoader(pin_memory=True) and
// save_on_cpu(pin_memory=True) ask for it; Tensor.is_pinned() tells. The simulated GPU
// has it: host memory accounted apart (the memory chart's "pinned" lane), and copies
// between it and the simulated GPU modelled at the link's full bandwidth, pageable ones
// at half (Note [Modelled PCIe time]). With a real GPU pinned memory is not made yet
// (pin_memory=True gives pageable memory, is_pinned() is False); without a GPU PyTorch's
// CPU-only errors are given.

/// Whether pinned host memory can be had: on the simulated GPU.
bool pinnedHostAvailable();

/// While one lives on this thread, host allocations (allocatorFor(cpu)) are page-locked.
/// Does nothing where pinnedHostAvailable() is false.
class PinnedHostScope {
public:
    PinnedHostScope();
    ~PinnedHostScope();
    PinnedHostScope(const PinnedHostScope&) = delete;
    PinnedHostScope& operator=(const PinnedHostScope&) = delete;

private:
    bool m_active;
};

/// Inside a PinnedHostScope that took effect.
bool pinnedHostRequested();

}  // namespace agv

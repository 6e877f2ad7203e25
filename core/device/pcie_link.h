#pragma once
// The simulated GPU's link to host memory. See Note [Modelled PCIe time].

#include <cstdint>
#include <string>

#include "core/device/device.h"

namespace agv {

// Note [Modelled PCIe time]
// A real GPU reaches host memory over PCIe, and copies across it are what save_on_cpu
// trades for GPU memory. The simulated GPU lives in host memory, so its copies cost a
// memmove; to show what they would cost, each copy between it and the host is recorded
// (trace::DeviceCopied) with a duration modelled as a fixed start-up cost plus the bytes
// over the bandwidth. The link's bandwidth is a setting (--pcie, the GUI's Device menu): the
// rate a copy from or to pinned host memory sees (Note [Pinned host memory]). A copy from or
// to pageable memory is staged by the driver through a pinned buffer and is modelled at half
// that rate. The duration is a model, never measured: the recording is the same on every
// machine. A real GPU's copies are not recorded (they are not timed yet: issue 10).

struct PcieLink {
    uint64_t bytesPerSecond = 25'000'000'000;  ///< PCIe 4.0 x16, as a large copy sees it
    uint64_t latencyNanos = 10'000;            ///< starting one copy (driver and DMA set-up)
};

/// The link the simulated GPU's copies are modelled on.
const PcieLink& simulatedPcieLink();

/// Parses a bandwidth in GB/s (10^9 bytes a second): "25", "12.5", "3GB/s". Returns an
/// error text, or "" when understood (then `bytesPerSecond` holds it).
std::string parsePcieBandwidth(const std::string& text, uint64_t& bytesPerSecond);
/// --pcie: parses `text` and sets the simulated link's bandwidth (unchanged on error).
std::string configurePcie(const std::string& text);

/// latency + bytes / bandwidth, in nanoseconds (rounded to the nearest).
uint64_t modelledCopyNanos(uint64_t bytes, const PcieLink& link);

/// The rate a copy sees: the link's, or half of it from or to pageable host memory.
uint64_t copyBandwidth(const PcieLink& link, bool pinnedHost);

/// Records a copy of `bytes` from one device to another (trace::DeviceCopied) when one side
/// is the simulated GPU; nothing otherwise. Allocations as MemoryChanged names them;
/// `pinnedHost`: the host side is page-locked.
void noteDeviceCopy(Device from, Device to, uint64_t bytes, uint64_t fromAllocation, uint64_t toAllocation,
                    bool pinnedHost);

}  // namespace agv

#include "core/device/pcie_link.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/device/allocator.h"
#include "core/trace/sink.h"

namespace agv {

namespace {
PcieLink g_link;
/// Beyond any link a GPU has had (PCIe 6.0 x16 is 128 GB/s each way).
constexpr double kMaxGigabytesPerSecond = 1000;
}  // namespace

const PcieLink& simulatedPcieLink() { return g_link; }

std::string parsePcieBandwidth(const std::string& text, uint64_t& bytesPerSecond)
{
    std::string number = text;
    for (const char* suffix : {"GB/s", "gb/s", "G", "g"})
        if (number.size() > std::string(suffix).size() && number.ends_with(suffix)) {
            number.resize(number.size() - std::string(suffix).size());
            break;
        }
    char* end = nullptr;
    const double gigabytes = number.empty() ? 0 : std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(gigabytes) || gigabytes <= 0 ||
        gigabytes > kMaxGigabytesPerSecond)
        return "--pcie: expected a bandwidth in GB/s above 0 and at most 1000, such as 25 or 12.5; got '" + text + "'";
    bytesPerSecond = static_cast<uint64_t>(std::llround(gigabytes * 1e9));
    return {};
}

std::string configurePcie(const std::string& text)
{
    uint64_t bytesPerSecond = 0;
    std::string error = parsePcieBandwidth(text, bytesPerSecond);
    if (error.empty())
        g_link.bytesPerSecond = bytesPerSecond;
    return error;
}

uint64_t modelledCopyNanos(uint64_t bytes, const PcieLink& link)
{
    const long double transfer = static_cast<long double>(bytes) * 1e9L / static_cast<long double>(link.bytesPerSecond);
    return link.latencyNanos + static_cast<uint64_t>(std::llround(transfer));
}

uint64_t copyBandwidth(const PcieLink& link, bool pinnedHost)
{
    return pinnedHost ? link.bytesPerSecond : std::max<uint64_t>(1, link.bytesPerSecond / 2);
}

void noteDeviceCopy(Device from, Device to, uint64_t bytes, uint64_t fromAllocation, uint64_t toAllocation,
                    bool pinnedHost)
{
    if (from == to || gpuMode() != GpuMode::Simulated || !trace::sink())
        return;
    const PcieLink seen{copyBandwidth(g_link, pinnedHost), g_link.latencyNanos};
    // Even while muted: a backward formula's copy (ToCopyBackward0) crosses the link too.
    trace::publishAlways(trace::DeviceCopied{from.str(), to.str(), bytes, modelledCopyNanos(bytes, seen),
                                             seen.bytesPerSecond, fromAllocation, toAllocation, pinnedHost});
}

}  // namespace agv

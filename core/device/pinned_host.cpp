#include "core/device/pinned_host.h"

#include "core/device/allocator.h"

namespace agv {

namespace {
thread_local int t_pinnedDepth = 0;
}  // namespace

bool pinnedHostAvailable() { return gpuMode() == GpuMode::Simulated; }

PinnedHostScope::PinnedHostScope() : m_active(pinnedHostAvailable())
{
    if (m_active)
        ++t_pinnedDepth;
}

PinnedHostScope::~PinnedHostScope()
{
    if (m_active)
        --t_pinnedDepth;
}

bool pinnedHostRequested() { return t_pinnedDepth > 0; }

}  // namespace agv

#include "core/tensor/storage.h"

namespace agv {

namespace {
// Memory lies on one device: torch.device('cuda') names the current one, and a tensor made
// there reports it by its index (x.device is cuda:0); a CPU tensor is on "cpu", whatever
// index its device was named with.
Device concrete(Device device)
{
    return device.isCuda() ? Device::cuda(device.normalizedIndex()) : Device::cpu();
}
}  // namespace

Storage::Storage(size_t nbytes, Device device)
    : m_nbytes(nbytes), m_device(concrete(device)), m_allocator(&allocatorFor(device))
{
    m_data = m_allocator->allocate(nbytes, m_allocationId);
}

Storage::Storage(void* data, size_t nbytes, Device device, std::function<void()> release)
    : m_data(data), m_nbytes(nbytes), m_device(concrete(device)), m_release(std::move(release))
{
}

Storage::~Storage()
{
    if (m_release)
        m_release();
    else
        m_allocator->deallocate(m_data, m_nbytes, m_allocationId);
}

}  // namespace agv

#include "core/tensor/storage.h"

namespace agv {

Storage::Storage(size_t nbytes, Device device) : m_nbytes(nbytes), m_device(device), m_allocator(&allocatorFor(device))
{
    m_data = m_allocator->allocate(nbytes, m_allocationId);
}

Storage::Storage(void* data, size_t nbytes, Device device, std::function<void()> release)
    : m_data(data), m_nbytes(nbytes), m_device(device), m_release(std::move(release))
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

#include "core/tensor/storage.h"

namespace agv {

Storage::Storage(size_t nbytes, Device device) : m_nbytes(nbytes), m_device(device)
{
    m_data = allocatorFor(device).allocate(nbytes, m_allocationId);
}

Storage::~Storage() { allocatorFor(m_device).deallocate(m_data, m_nbytes, m_allocationId); }

}  // namespace agv

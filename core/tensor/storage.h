#pragma once
// A block of device memory shared by a tensor and all of its views.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "core/device/allocator.h"

namespace agv {

class Storage {
public:
    /// Allocates `nbytes` from the device's allocator (uninitialised).
    Storage(size_t nbytes, Device device);
    /// Memory that belongs to someone else (a NumPy array's buffer): not counted by the
    /// device's allocator (allocation id 0); `release` runs when the last tensor lets go.
    Storage(void* data, size_t nbytes, Device device, std::function<void()> release);
    ~Storage();
    Storage(const Storage&) = delete;
    Storage& operator=(const Storage&) = delete;

    void* data() const { return m_data; }
    size_t nbytes() const { return m_nbytes; }
    Device device() const { return m_device; }
    uint64_t allocationId() const { return m_allocationId; }
    /// Page-locked host memory (Note [Pinned host memory]).
    bool isPinned() const { return m_allocator && m_allocator->pinnedHost(); }

private:
    void* m_data = nullptr;
    size_t m_nbytes = 0;
    Device m_device;
    uint64_t m_allocationId = 0;
    Allocator* m_allocator = nullptr;  ///< where the memory goes back (null: borrowed)
    std::function<void()> m_release;   ///< set for borrowed memory
};

}  // namespace agv

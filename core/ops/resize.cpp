#include "core/ops/resize.h"

#include <cstring>

#include "core/error.h"
#include "core/warning.h"

namespace agv::ops {

void resizeOutput(const Tensor& out, const IntList& sizes)
{
    if (out.sizes() == sizes)
        return;
    if (out.numel() != 0)
        warn("UserWarning",
             "An output with one or more elements was resized since it had shape " + sizesToString(out.sizes()) +
                 ", which does not match the required output shape " + sizesToString(sizes) +
                 ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless "
                 "they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
                 "elements with t.resize_(0). (Triggered internally at  ./aten/src/ATen/native/Resize.cpp:17.)");
    resizeInPlace(out, sizes);
}

void resizeInPlace(const Tensor& out, const IntList& sizes)
{
    for (int64_t s : sizes)
        AGV_CHECK(s >= 0, RuntimeError, "numel: integer multiplication overflow");  // 1.13's words for it
    const std::optional<int64_t> numel = checkedNumel(sizes);
    AGV_CHECK(numel.has_value(), RuntimeError, "Storage size calculation overflowed with sizes=", sizesToString(sizes));
    const size_t element = elementSize(out.dtype());
    const size_t needed = size_t(out.offset() + *numel) * element;
    const std::shared_ptr<Storage>& storage = out.impl()->storage();
    if (needed > storage->nbytes()) {
        // Allocation id 0: memory the engine borrowed (a NumPy array's), which cannot grow.
        AGV_CHECK(storage->allocationId() != 0, RuntimeError, "Trying to resize storage that is not resizable");
        auto grown = std::make_shared<Storage>(needed, storage->device());
        if (storage->nbytes() > 0)
            std::memcpy(grown->data(), storage->data(), storage->nbytes());
        std::memset(static_cast<char*>(grown->data()) + storage->nbytes(), 0, needed - storage->nbytes());
        out.impl()->setStorage(std::move(grown));
    }
    out.impl()->setGeometry(sizes, contiguousStrides(sizes), out.offset());
}

}  // namespace agv::ops

#include "core/ops/zero_tensor.h"

#include <atomic>
#include <limits>
#include <mutex>
#include <unordered_map>

#include "core/autograd/grad_mode.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// The storages of the live ZeroTensors, by address. A weak reference tells a storage that
/// died (and an allocation that reuses its address) from the one that was marked.
class ZeroTensorStorages {
public:
    void mark(const std::shared_ptr<Storage>& storage)
    {
        std::lock_guard lock(m_mutex);
        if (m_marked.size() >= m_nextPrune) {
            std::erase_if(m_marked, [](const auto& entry) { return entry.second.expired(); });
            m_nextPrune = 2 * m_marked.size() + 64;
        }
        m_marked[storage.get()] = storage;
        m_any.store(true, std::memory_order_release);
    }

    bool contains(const std::shared_ptr<Storage>& storage) const
    {
        // Every add and mul asks: a script that never made one pays a load.
        if (!m_any.load(std::memory_order_acquire))
            return false;
        std::lock_guard lock(m_mutex);
        const auto it = m_marked.find(storage.get());
        return it != m_marked.end() && it->second.lock() == storage;
    }

private:
    mutable std::mutex m_mutex;
    std::unordered_map<const Storage*, std::weak_ptr<Storage>> m_marked;
    size_t m_nextPrune = 64;
    std::atomic<bool> m_any{false};
};

ZeroTensorStorages& zeroTensorStorages()
{
    static auto* storages = new ZeroTensorStorages();  // lives as long as the process
    return *storages;
}

}  // namespace

Tensor efficientZeroTensor(const IntList& sizes, ScalarType dtype, Device device)
{
    Tensor out = zeros(sizes, dtype, device);
    zeroTensorStorages().mark(out.impl()->storage());
    return out;
}

bool isZeroTensor(const Tensor& t)
{
    return t.defined() && t.impl()->storage() && zeroTensorStorages().contains(t.impl()->storage());
}

void checkNotZeroTensor(const Tensor& self)
{
    AGV_CHECK(!isZeroTensor(self), RuntimeError,
              "ZeroTensors are immutable. Please use the materialized zero tensor obtained using .clone() if you want "
              "a mutable tensor.");
}

namespace {

/// get_out_like: _to_copy(t.expand(shape), dtype), which keeps the strides of a dense
/// operand and makes anything else contiguous (MemoryFormat::Preserve of _to_copy).
Tensor copyLaidOutLike(const Tensor& t, const IntList& shape, ScalarType dtype)
{
    // t.expand(shape)'s geometry (inferExpandGeometry), without recording a view.
    IntList expandedStrides(shape.size());
    const size_t lead = shape.size() - size_t(t.dim());
    for (size_t i = shape.size(); i-- > 0;) {
        if (i < lead)
            expandedStrides[i] = shape[i] == 1 && i + 1 < shape.size() ? shape[i + 1] * expandedStrides[i + 1] : 0;
        else
            expandedStrides[i] = t.sizes()[i - lead] == shape[i] ? t.strides()[i - lead] : 0;
    }
    const Tensor expanded(std::make_shared<TensorImpl>(t.impl()->storage(), t.dtype(), shape, expandedStrides,
                                                       t.offset(), t.impl()->versionCounter()));
    const IntList strides = isNonOverlappingAndDense(expanded) ? expanded.strides() : contiguousStrides(shape);
    Tensor out = kernel::newStridedTensor(shape, strides, dtype, t.device());
    kernel::copyInto(out, expanded);
    return out;
}

}  // namespace

std::optional<Tensor> zeroTensorAdd(const Tensor& a, const Tensor& b, const Scalar& alpha, ScalarType resultType)
{
    if (!isZeroTensor(a) && !isZeroTensor(b))
        return std::nullopt;
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    if (isZeroTensor(a) && isZeroTensor(b))
        return efficientZeroTensor(shape, resultType, a.device());
    if (!isZeroTensor(a))
        return copyLaidOutLike(a, shape, resultType);
    Tensor copy = copyLaidOutLike(b, shape, resultType);
    if (alpha.toDouble() == 1.0 && !alpha.isBool())
        return copy;
    // res.mul(alpha): the Scalar overload, below autograd (nothing is recorded).
    GradModeGuard noGrad(false);
    trace::MuteGuard mute;
    return mul(copy, alpha);
}

std::optional<Tensor> zeroTensorMul(const Tensor& a, const Tensor& b, ScalarType resultType)
{
    if (!isZeroTensor(a) && !isZeroTensor(b))
        return std::nullopt;
    return efficientZeroTensor(broadcastShapes(a.sizes(), b.sizes()), resultType, a.device());
}

std::optional<Tensor> zeroTensorDiv(const Tensor& a, const Tensor& b, ScalarType resultType)
{
    if (!isZeroTensor(a) && !isZeroTensor(b))
        return std::nullopt;
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    if (isZeroTensor(a) && !isZeroTensor(b))
        return efficientZeroTensor(shape, resultType, a.device());
    // x / 0 is inf and 0 / 0 nan whatever x holds (its sign and nans included).
    const double value =
        isZeroTensor(a) ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    GradModeGuard noGrad(false);
    trace::MuteGuard mute;
    return full(shape, Scalar(value), resultType, a.device());
}

}  // namespace agv::ops

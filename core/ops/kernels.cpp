#include "core/ops/kernels.h"

#include <cstring>

#include "core/device/pcie_link.h"
#include "core/ops/gpu_dispatch.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/pin_memory.h"

namespace agv::ops::kernel {

Tensor newTensor(const IntList& sizes, ScalarType dtype, Device device)
{
    for (int64_t s : sizes)
        AGV_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ",
                  sizesToString(sizes));
    // Guard the multiplications: a gigantic shape must end in PyTorch's error (or an
    // allocation error), never in an overflowed, too small storage.
    const std::optional<int64_t> numel = checkedNumel(sizes);
    uint64_t bytes = 0;
    AGV_CHECK(numel && !__builtin_mul_overflow(uint64_t(*numel), uint64_t(elementSize(dtype)), &bytes),
              RuntimeError, "Storage size calculation overflowed with sizes=", sizesToString(sizes));
    auto storage = std::make_shared<Storage>(size_t(bytes), device);
    auto impl = std::make_shared<TensorImpl>(std::move(storage), dtype, sizes, contiguousStrides(sizes), 0, nullptr);
    return Tensor(std::move(impl));
}

Tensor newStridedTensor(const IntList& sizes, const IntList& strides, ScalarType dtype, Device device)
{
    Tensor out = newTensor(sizes, dtype, device);
    if (strides != out.strides())
        out.impl()->setGeometry(sizes, strides, 0);
    return out;
}

Tensor newTensorLaidOutAs(const Tensor& like, ScalarType dtype)
{
    return newStridedTensor(like.sizes(), like.strides(), dtype, like.device());
}

IntList broadcastStrides(const Tensor& t, const IntList& shape)
{
    IntList out(shape.size(), 0);
    const size_t offset = shape.size() - size_t(t.dim());
    for (size_t i = 0; i < size_t(t.dim()); ++i)
        out[offset + i] = t.sizes()[i] == 1 ? 0 : t.strides()[i];
    return out;
}

/// Note [NaN bits of a conversion to bfloat16]
/// ATen's copy converts a contiguous run of float or double to bfloat16 in Vectorized
/// bodies, whose cvtfp32_bf16 writes every NaN as 0xFFFF (a negative NaN); the scalar
/// BFloat16(float) writes 0x7FC0. A float run is converted whole by the vector body, its
/// tail included; a double run in blocks of 16, its tail by the scalar one; a strided run
/// entirely by the scalar one. Only the sign bit of NaN tells them apart (torch.signbit).
template <typename DstT, typename SrcT>
void convertContiguousRun(DstT* d, const SrcT* q, int64_t n)
{
    if constexpr (std::is_same_v<DstT, BFloat16> && (std::is_same_v<SrcT, float> || std::is_same_v<SrcT, double>)) {
        const int64_t vectorEnd = std::is_same_v<SrcT, float> ? n : n / 16 * 16;
        for (int64_t i = 0; i < n; ++i)
            d[i] = i < vectorEnd && std::isnan(q[i]) ? BFloat16::fromBits(0xFFFF) : convertValue<BFloat16>(q[i]);
    } else {
        for (int64_t i = 0; i < n; ++i)
            d[i] = convertValue<DstT>(q[i]);
    }
}

void copyInto(const Tensor& dst, const Tensor& src)
{
    if (!(dst.device() == src.device())) {
        noteDeviceCopy(src.device(), dst.device(), dst.nbytes(), src.storageAllocationId(), dst.storageAllocationId(),
                       isPinned(src.device().isCpu() ? src : dst));
    }
    if (gpu_dispatch::copy(dst, src))  // See Note [GPU kernels]
        return;
    if (dst.dtype() == src.dtype() && dst.isContiguous() && src.isContiguous() && dst.sizes() == src.sizes()) {
        if (dst.rawData() != src.rawData())
            std::memmove(dst.rawData(), src.rawData(), dst.nbytes());
        return;
    }
    AGV_DISPATCH_ALL_AND_HALF(dst.dtype(), "copy_", [&] {
        using DstT = scalar_t;
        AGV_DISPATCH_ALL_AND_HALF(src.dtype(), "copy_", [&] {
            using SrcT = scalar_t;
            // Both dense, laid out alike: TensorIterator coalesces them into one run over
            // memory (a transposed input and its preserve-format copy included).
            if (dst.sizes() == src.sizes() && dst.strides() == src.strides() && isNonOverlappingAndDense(dst)) {
                convertContiguousRun(dst.data<DstT>(), src.data<SrcT>(), dst.numel());
                return;
            }
            stridedLoop<2>(dst.sizes(), {static_cast<char*>(dst.rawData()), static_cast<char*>(src.rawData())},
                           {dst.strides(), broadcastStrides(src, dst.sizes())}, {sizeof(DstT), sizeof(SrcT)},
                           [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                               DstT* d = reinterpret_cast<DstT*>(p[0]);
                               const SrcT* q = reinterpret_cast<const SrcT*>(p[1]);
                               if (s[0] == 1 && s[1] == 1) {
                                   convertContiguousRun(d, q, n);
                                   return;
                               }
                               for (int64_t i = 0; i < n; ++i)
                                   d[i * s[0]] = convertValue<DstT>(q[i * s[1]]);
                           });
        });
    });
}

Tensor withStrides(const Tensor& t, const IntList& strides)
{
    bool same = true;  // the stride of a dim of size 1 never moves an element
    for (size_t d = 0; d < strides.size() && same; ++d)
        same = t.sizes()[d] == 1 || t.strides()[d] == strides[d];
    if (same)
        return t;
    Tensor out = newStridedTensor(t.sizes(), strides, t.dtype(), t.device());
    copyInto(out, t);
    return out;
}

Tensor asElementwiseOutput(const Tensor& result, std::initializer_list<const Tensor*> inputs)
{
    return withStrides(result, elementwiseOutputStrides(result.sizes(), inputs));
}

std::vector<int64_t> elementOffsets(const IntList& sizes, const IntList& strides)
{
    const int64_t n = computeNumel(sizes);
    std::vector<int64_t> out;
    out.reserve(size_t(n));
    std::vector<int64_t> counter(sizes.size(), 0);
    int64_t offset = 0;
    for (int64_t i = 0; i < n; ++i) {
        out.push_back(offset);
        // advance like an odometer, keeping the running offset
        for (size_t d = sizes.size(); d-- > 0;) {
            if (++counter[d] < sizes[d]) {
                offset += strides[d];
                break;
            }
            offset -= strides[d] * (sizes[d] - 1);
            counter[d] = 0;
        }
    }
    return out;
}

Tensor convert(const Tensor& t, ScalarType dtype)
{
    if (t.dtype() == dtype)
        return t;
    Tensor out = newTensor(t.sizes(), dtype, t.device());
    copyInto(out, t);
    return out;
}

Tensor freshCopy(const Tensor& t, const IntList& sizes)
{
    if (!t.defined())
        return t;
    Tensor out = newTensor(sizes, t.dtype(), t.device());
    if (t.sizes() == sizes) {
        copyInto(out, t);
        return out;
    }
    Tensor dense = t;
    if (!t.isContiguous()) {
        dense = newTensor(t.sizes(), t.dtype(), t.device());
        copyInto(dense, t);
    }
    std::memcpy(out.rawData(), dense.rawData(), out.nbytes());
    return out;
}

Tensor dense(const Tensor& t)
{
    return !t.defined() || t.isContiguous() ? t : freshCopy(t, t.sizes());
}

}  // namespace agv::ops::kernel

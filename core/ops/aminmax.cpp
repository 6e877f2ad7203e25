// torch.aminmax as PyTorch 1.13's CPU kernels compute it, which matters where equal values
// differ in sign (-0.0 and 0.0) and for NaNs:
//   * every element (aminmax_allreduce_kernel): folds min_impl / max_impl over the
//     elements, which keep the accumulator only when it is NaN or strictly smaller
//     (larger), so among equal elements the last one wins; a NaN sticks;
//   * along a dim (aminmax_kernel): starts from the slice's first element and replaces the
//     minimum when `!(x >= min)`, the maximum when `!(x <= max)`: the first of equal ones
//     wins, and a NaN sets both and ends the slice.

#include "core/ops/aminmax.h"

#include <vector>

#include "core/error.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/kernels.h"
#include "core/ops/no_derivative.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

using kernel::isNan;

template <typename T>
bool nanValue(T v)
{
    if constexpr (kIsFloating<T>)
        return isNan(v);
    else
        return false;
}

std::pair<Tensor, Tensor> aminmaxAll(const Tensor& self)
{
    AGV_CHECK(self.numel() > 0, RuntimeError,
              "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    Tensor lo = kernel::newTensor({}, self.dtype(), self.device());
    Tensor hi = kernel::newTensor({}, self.dtype(), self.device());
    const Tensor flat = kernel::dense(self);
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "aminmax_cpu", [&] {
        using T = scalar_t;
        const T* x = flat.data<T>();
        T mn = x[0], mx = x[0];
        for (int64_t i = 1; i < flat.numel(); ++i) {
            // min_impl(acc, x) / max_impl(acc, x)
            mn = (nanValue(mn) || mn < x[i]) ? mn : x[i];
            mx = (nanValue(mx) || mx > x[i]) ? mx : x[i];
        }
        *lo.data<T>() = mn;
        *hi.data<T>() = mx;
    });
    return {lo, hi};
}

std::pair<Tensor, Tensor> aminmaxAlong(const Tensor& self, int64_t dimIn, bool keepdim)
{
    const int64_t dim = wrapDim(dimIn, self.dim());
    // The kernel along a dim has no bfloat16 case (the all-element one has).
    if (self.dtype() == ScalarType::BFloat16)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "aminmax_cpu");
    AGV_CHECK(self.dim() == 0 || self.sizes()[size_t(dim)] > 0, IndexError, "aminmax: Expected reduction dim ", dim,
              " to have non-zero size.");
    IntList outSizes = self.sizes();
    IntList resultSizes = self.sizes();
    if (self.dim() > 0) {
        outSizes[size_t(dim)] = 1;
        if (keepdim)
            resultSizes[size_t(dim)] = 1;
        else
            resultSizes.erase(resultSizes.begin() + dim);
    }
    // Dropping a size-1 dim keeps the order of the elements: written in place of the slices.
    Tensor lo = kernel::newTensor(resultSizes, self.dtype(), self.device());
    Tensor hi = kernel::newTensor(resultSizes, self.dtype(), self.device());
    const int64_t n = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
    const int64_t stride = self.dim() == 0 ? 0 : self.strides()[size_t(dim)];
    const std::vector<int64_t> base = kernel::elementOffsets(outSizes, self.strides());
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "aminmax_cpu", [&] {
        using T = scalar_t;
        const T* x = self.data<T>();
        for (size_t s = 0; s < base.size(); ++s) {
            T mn = x[base[s]], mx = mn;
            for (int64_t j = 0; j < n; ++j) {
                const T v = x[base[s] + j * stride];
                if (!(v >= mn)) {
                    mn = v;
                    if (nanValue(v)) {
                        mx = v;
                        break;
                    }
                } else if (!(v <= mx)) {
                    mx = v;
                }
            }
            lo.data<T>()[s] = mn;
            hi.data<T>()[s] = mx;
        }
    });
    return {lo, hi};
}

}  // namespace

std::pair<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim)
{
    refuseTangents("aten::aminmax", {&self});
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "aminmax_cpu");
    auto [lo, hi] = dim ? aminmaxAlong(self, *dim, keepdim) : aminmaxAll(self);
    OpRecorder rec = notImplementedRecorder("aminmax", {&self});
    TensorList outs = rec.finish(TensorList{lo, hi});
    return {outs[0], outs[1]};
}

}  // namespace agv::ops

// torch.histc, torch.searchsorted and torch.bucketize, as PyTorch 1.13's CPU kernels
// compute them (Histogram.cpp + cpu/HistogramKernel.cpp, Bucketization.cpp).
//
// histc maps each element to a bin by linear interpolation in the input's own dtype,
// pos = (x - left) * bins / (right - left), truncated, the right edge counting in the last
// bin; elements outside [left, right] are skipped, but a NaN passes 1.13's range test and
// lands in bin 0 (see Note [histc counts NaN in bin 0]). The counts are kept in the input's
// dtype too, so a bfloat16 histogram rounds its counts.
//
// searchsorted is a lower or upper bound by binary search whose comparisons are written
// `!(mid >= x)` / `!(mid > x)`, so a NaN value goes past every boundary and NaN
// boundaries compare as the kernel's do. None of them has a gradient: their results never
// require grad.

#include "core/ops/binning.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <vector>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

std::string sizesText(const IntList& sizes)
{
    std::ostringstream out;
    out << '[';
    for (size_t i = 0; i < sizes.size(); ++i)
        out << (i ? ", " : "") << sizes[i];
    out << ']';
    return out.str();
}

/// _aminmax of every element as doubles; a NaN anywhere gives the negative NaN that the
/// vectorized kernel's blend leaves (so the range error prints "-nan").
std::pair<double, double> dataRange(const Tensor& self)
{
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "aminmax_cpu");
    const Tensor flat = kernel::dense(self);
    double lo = 0, hi = 0;
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "aminmax_cpu", [&] {
        using T = scalar_t;
        const T* x = flat.data<T>();
        lo = double(x[0]);
        hi = double(x[0]);
        for (int64_t i = 1; i < flat.numel(); ++i) {
            const double v = double(x[i]);
            if (std::isnan(v) || std::isnan(lo)) {
                lo = hi = -std::numeric_limits<double>::quiet_NaN();
                break;
            }
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (std::isnan(lo))
            lo = hi = -std::numeric_limits<double>::quiet_NaN();
    });
    return {lo, hi};
}

}  // namespace

Tensor histc(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max)
{
    AGV_CHECK(bins > 0, RuntimeError, "torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0");
    // histc_select_outer_bin_edges
    double left = min.toDouble(), right = max.toDouble();
    if (left == right && self.numel() > 0)
        std::tie(left, right) = dataRange(self);
    if (left == right) {
        left -= 1;
        right += 1;
    }
    AGV_CHECK(std::isfinite(left) && std::isfinite(right), RuntimeError, "torch.histc: range of [", left, ", ", right,
              "] is not finite");
    AGV_CHECK(left < right, RuntimeError, "torch.histc: max must be larger than min");
    // The bin edges come from linspace, which has no kernel for bool.
    if (self.dtype() == ScalarType::Bool)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "linspace_cpu");
    if (!isFloatingType(self.dtype()) || self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "histogram_cpu");
    Tensor hist = kernel::newTensor({bins}, self.dtype(), self.device());
    const Tensor flat = kernel::dense(self);
    AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "histogram_cpu", [&] {
        using T = scalar_t;
        T* h = hist.data<T>();
        for (int64_t b = 0; b < bins; ++b)
            h[b] = T(0);
        // linspace's first and last edges are min and max in the input's dtype
        const T lo = T(left), hi = T(right);
        const T* x = flat.data<T>();
        for (int64_t i = 0; i < flat.numel(); ++i) {
            const T v = x[i];
            if (v < lo || hi < v)
                continue;
            // Note [histc counts NaN in bin 0]: 1.13 skips only values below or above the
            // range; a NaN's bin, cast from NaN, is INT64_MIN on x86, and INT64_MIN elements
            // of 2, 4 or 8 bytes past the first bin wrap around to the first bin itself.
            if (kernel::isNan(v)) {
                h[0] += T(1);
                continue;
            }
            int64_t pos = static_cast<int64_t>((v - lo) * T(bins) / (hi - lo));
            if (pos == bins)
                pos -= 1;
            h[pos] += T(1);
        }
    });
    return hist;
}

namespace {

template <typename T>
int64_t boundIndex(int64_t start, int64_t end, T value, const T* boundaries, const int64_t* sorter, bool upper)
{
    const int64_t origin = start;
    while (start < end) {
        const int64_t mid = start + ((end - start) >> 1);
        const T midValue = sorter ? boundaries[sorter[mid] + origin] : boundaries[mid];
        const bool goRight = upper ? !(midValue > value) : !(midValue >= value);
        if (goRight)
            start = mid + 1;
        else
            end = mid;
    }
    return start;
}

bool dimsMatchBeforeLast(const Tensor& boundaries, const Tensor& input)
{
    if (boundaries.dim() != input.dim())
        return false;
    for (int64_t d = 0; d + 1 < boundaries.dim(); ++d)
        if (boundaries.sizes()[size_t(d)] != input.sizes()[size_t(d)])
            return false;
    return true;
}

/// searchsorted_pre_check
void checkSearch(const Tensor& boundaries, const Tensor& input, bool right, const std::optional<std::string>& side,
                 const Tensor& sorter)
{
    if (side) {
        AGV_CHECK(*side == "left" || *side == "right", RuntimeError,
                  "torch.searchsorted(): side can only be 'left' or 'right' but got ", *side);
        AGV_CHECK(!right || *side == "right", RuntimeError,
                  "torch.searchsorted(): side and right can't be set to opposites, got side of ", *side,
                  " while right was True");
    }
    if (sorter.defined()) {
        AGV_CHECK(sorter.sizes() == boundaries.sizes(), RuntimeError,
                  "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor ",
                  sizesText(boundaries.sizes()), "and got sorter tensor ", sizesText(sorter.sizes()));
        AGV_CHECK(sorter.dtype() == ScalarType::Int64, RuntimeError,
                  "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype ",
                  legacyDtypeShortName(sorter.dtype()));
    }
    AGV_CHECK(boundaries.dim() != 0, RuntimeError,
              "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension");
    AGV_CHECK(boundaries.dim() == 1 || dimsMatchBeforeLast(boundaries, input), RuntimeError,
              "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
              "boundaries tensor and input value tensor must match, but we got boundaries tensor ",
              sizesText(boundaries.sizes()), " and input value tensor ", sizesText(input.sizes()));
}

/// TORCH_WARN_ONCE of searchsorted_maybe_trim_input_tensors for a non-contiguous argument.
void warnNonContiguous(const Tensor& t, const char* what, bool& warned)
{
    if (!t.defined() || t.isContiguous() || warned)
        return;
    warned = true;
    warn("UserWarning", std::string("torch.searchsorted(): ") + what +
                            " tensor is non-contiguous, this will lower the performance due to extra data copy when "
                            "converting non-contiguous tensor to contiguous, please use contiguous " + what +
                            " tensor if possible. This message will only appear once per program. (Triggered "
                            "internally at  ./aten/src/ATen/native/BucketizationUtils.h:" +
                            (std::string(what) == "input value" ? "33" : std::string(what) == "boundary" ? "39" : "45") +
                            ".)");
}

Tensor searchKernel(const Tensor& boundariesIn, const Tensor& inputIn, bool outInt32, bool upper, const Tensor& sorter)
{
    static bool inputWarned = false, boundaryWarned = false, sorterWarned = false;
    warnNonContiguous(inputIn, "input value", inputWarned);
    warnNonContiguous(boundariesIn, "boundary", boundaryWarned);
    warnNonContiguous(sorter, "sorter", sorterWarned);
    // searchsorted_maybe_trim_input_tensors: both in their common dtype
    const ScalarType common = promoteTypes(boundariesIn.dtype(), inputIn.dtype());
    const Tensor boundaries = kernel::dense(toDtype(boundariesIn, common));
    const Tensor input = kernel::dense(toDtype(inputIn, common));
    const Tensor order = sorter.defined() ? kernel::dense(sorter) : Tensor();
    Tensor out = kernel::newTensor(input.sizes(), outInt32 ? ScalarType::Int32 : ScalarType::Int64, input.device());
    if (common == ScalarType::Bool)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(common, "searchsorted_out_cpu");
    const bool oneDimensional = boundaries.dim() == 1;
    const int64_t inner = input.dim() == 0 ? 1 : input.sizes().back();
    const int64_t length = boundaries.sizes().back();
    AGV_DISPATCH_ALL_AND_HALF(common, "searchsorted_out_cpu", [&] {
        using T = scalar_t;
        const T* b = boundaries.data<T>();
        const T* x = input.data<T>();
        const int64_t* s = order.defined() ? order.data<int64_t>() : nullptr;
        for (int64_t i = 0; i < input.numel(); ++i) {
            const int64_t start = oneDimensional ? 0 : i / inner * length;
            const int64_t pos = boundIndex(start, start + length, x[i], b, s, upper) - start;
            if (outInt32)
                out.data<int32_t>()[i] = int32_t(pos);
            else
                out.data<int64_t>()[i] = pos;
        }
    });
    return out;
}

}  // namespace

Tensor searchsorted(const Tensor& sortedSequence, const Tensor& values, bool outInt32, bool right,
                    const std::optional<std::string>& side, const Tensor& sorter)
{
    checkSearch(sortedSequence, values, right, side, sorter);
    const bool upper = right || (side && *side == "right");
    return searchKernel(sortedSequence, values, outInt32, upper, sorter);
}

Tensor searchsorted(const Tensor& sortedSequence, const Scalar& value, bool outInt32, bool right,
                    const std::optional<std::string>& side, const Tensor& sorter)
{
    AGV_CHECK(sortedSequence.dim() == 1, RuntimeError,
              "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we "
              "got boundaries tensor dim(", sortedSequence.dim(), ") and input value's dim(0) numel(1)");
    return searchsorted(sortedSequence, scalarTensor(value, sortedSequence.device()), outInt32, right, side, sorter);
}

Tensor bucketize(const Tensor& values, const Tensor& boundaries, bool outInt32, bool right)
{
    AGV_CHECK(boundaries.dim() == 1, RuntimeError, "boundaries tensor must be 1 dimension, but got dim(",
              boundaries.dim(), ")");
    return searchsorted(boundaries, values, outInt32, right);
}

Tensor bucketize(const Scalar& value, const Tensor& boundaries, bool outInt32, bool right)
{
    AGV_CHECK(boundaries.dim() == 1, RuntimeError, "boundaries tensor must be 1 dimension, but got dim(",
              boundaries.dim(), ")");
    return searchsorted(boundaries, scalarTensor(value, boundaries.device()), outInt32, right);
}

}  // namespace agv::ops

// var and std (VarBackward0 / StdBackward0). As PyTorch 1.13 on the CPU: with one output
// (over all elements, or over dims that leave one), two passes (the mean in the dtype,
// then the squared deviations summed in double); otherwise Welford's update in double for
// each output, elements in order, its m2 update a fused multiply-add as GCC compiles
// PyTorch's AVX2 kernel. float16 and bfloat16 always take Welford's update in double.

#include <algorithm>
#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/reduce_loop.h"
#include "core/ops/var_mean.h"
#include "core/ops/view_inplace.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

double finishVariance(double m2, double count, int64_t correction, bool takeSqrt)
{
    const double divisor = count > double(correction) ? count - double(correction) : 0.0;
    const double var = m2 / divisor;
    return takeSqrt ? std::sqrt(var) : var;
}

/// std_var_all_cpu's first pass: sum((x - mean)^2) in double over a plain TensorIterator
/// on `t` (dims ordered by stride and merged as reduceLoop does), one partial sum per 2-d
/// block (the first two dims) added to the total, outer blocks with the first dim fastest.
template <typename T>
double sumOfSquaredDeviations(const Tensor& t, double mean)
{
    const T* x = t.data<T>();
    if (t.numel() == 0)
        return 0;
    if (t.dim() == 0) {
        const double dx = double(*x) - mean;
        return dx * dx;
    }
    const ReduceLoop g = reduceLoop(t.sizes(), t.strides(), IntList(size_t(t.dim()), 0));
    const size_t ndim = g.sizes.size();
    const int64_t size0 = g.sizes[0], size1 = ndim > 1 ? g.sizes[1] : 1;
    const int64_t stride0 = g.inStrides[0], stride1 = ndim > 1 ? g.inStrides[1] : 0;
    std::vector<int64_t> position(ndim > 2 ? ndim - 2 : 0, 0);
    double total = 0;
    while (true) {
        int64_t offset = 0;
        for (size_t d = 0; d < position.size(); ++d)
            offset += position[d] * g.inStrides[d + 2];
        double block = 0;
        for (int64_t i = 0; i < size1; ++i)
            for (int64_t j = 0; j < size0; ++j) {
                const double dx = double(x[offset + i * stride1 + j * stride0]) - mean;
                block += dx * dx;
            }
        total += block;
        size_t d = 0;
        for (; d < position.size(); ++d) {
            if (++position[d] < g.sizes[d + 2])
                break;
            position[d] = 0;
        }
        if (d == position.size())
            return total;
    }
}

/// The reduction PyTorch's std_var_stub runs (binary_kernel_reduce with WelfordOps): per
/// output, Welford's update in double over its elements in order; the variance (or its
/// square root) and, when `meanOut` is given, the mean, each rounded to t's dtype.
Tensor welfordReduce(const Tensor& t, const IntList& dimsIn, int64_t correction, bool keepdim, bool takeSqrt,
                     Tensor* meanOut)
{
    const char* name = takeSqrt ? "std" : "var";
    IntList dims = reductionDims(t, dimsIn);
    if (t.dim() == 0)
        dims.clear();  // dim 0 / -1 of a 0-d tensor: one element, nothing to reduce over
    IntList keptSizes, outSizes;
    for (int64_t d = 0; d < t.dim(); ++d)
        if (std::find(dims.begin(), dims.end(), d) == dims.end()) {
            outSizes.push_back(t.sizes()[size_t(d)]);
            keptSizes.push_back(t.sizes()[size_t(d)]);
        } else {
            keptSizes.push_back(1);
        }
    // Each output's first element, in the output's order, and its elements in the order
    // the iterator visits them.
    const std::vector<int64_t> firsts = kernel::elementOffsets(keptSizes, t.strides());
    const std::vector<int64_t> members = reducedElementOffsets(t, dims);
    Tensor out = kernel::newTensor(keepdim ? keptSizes : outSizes, t.dtype(), t.device());
    if (meanOut)
        *meanOut = kernel::newTensor(out.sizes(), t.dtype(), t.device());
    const int64_t outputs = out.numel();
    AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), name, [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        for (int64_t o = 0; o < outputs; ++o) {
            double mean = 0, m2 = 0;
            int64_t n = 0;
            for (int64_t member : members) {
                const double value = x[firsts[size_t(o)] + member];
                ++n;
                const double delta = value - mean;
                mean += delta / double(n);
                m2 = std::fma(delta, value - mean, m2);  // WelfordOps::reduce, contracted as in PyTorch's AVX2 build
            }
            out.data<T>()[o] = T(finishVariance(m2, double(n), correction, takeSqrt));
            if (meanOut)  // WelfordOps::project: an empty reduction gives NaN for both
                meanOut->data<T>()[o] = n == 0 ? T(NAN) : T(mean);
        }
    });
    return out;
}

Tensor varianceKernel(const Tensor& t, const std::optional<IntList>& dimsIn, int64_t correction, bool keepdim,
                      bool takeSqrt)
{
    const char* name = takeSqrt ? "std" : "var";
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError, "std and var only support floating point and complex dtypes");
    // std_var_out: a reduction with at most one output (over all elements, or over dims
    // that leave only size-1 ones) takes std_var_all_cpu's two passes.
    IntList sizes;  // the result's: the kept dims, and 1s for reduced ones under keepdim
    int64_t outputs = 1;
    if (dimsIn) {
        const IntList dims = reductionDims(t, *dimsIn);  // also refuses dims a 0-d tensor lacks
        for (int64_t d = 0; d < t.dim(); ++d) {
            const bool reduced = std::find(dims.begin(), dims.end(), d) != dims.end();
            if (!reduced)
                outputs *= t.sizes()[size_t(d)];
            if (keepdim || !reduced)
                sizes.push_back(reduced ? 1 : t.sizes()[size_t(d)]);
        }
    }
    // float16 and bfloat16 never take the two passes (std_var_all_cpu has no case for
    // them): Welford's update in double over every element, rounded once.
    if (isReducedFloatingType(t.dtype()) && !dimsIn) {
        IntList all;
        for (int64_t d = 0; d < t.dim(); ++d)
            all.push_back(d);
        return welfordReduce(t, all, correction, false, takeSqrt, nullptr);
    }
    if (!isReducedFloatingType(t.dtype()) && (!dimsIn || (outputs <= 1 && t.numel() > 0))) {
        Tensor out = kernel::newTensor(sizes, t.dtype(), t.device());
        double mean;
        {
            trace::MuteGuard mute;
            GradModeGuard noGrad(false);
            mean = ops::mean(t).item();  // self.mean(): its own rounding follows t's layout
        }
        AGV_DISPATCH_FLOATING(t.dtype(), name, [&] {
            *out.data<scalar_t>() =
                scalar_t(finishVariance(sumOfSquaredDeviations<scalar_t>(t, mean), double(t.numel()), correction, takeSqrt));
        });
        return out;
    }
    return welfordReduce(t, *dimsIn, correction, keepdim, takeSqrt, nullptr);
}

/// self - self.mean(dims, keepdim=True), or self - self.mean() over everything.
Tensor centred(const Tensor& self, const std::optional<IntList>& dims)
{
    return dims ? sub(self, mean(self, *dims, true)) : sub(self, mean(self));
}

int64_t degreesOfFreedom(const Tensor& self, const std::optional<IntList>& dims, int64_t correction)
{
    int64_t count = 1;
    if (!dims || dims->empty())
        count = self.numel();
    else
        for (int64_t d : *dims)
            count *= self.dim() == 0 ? 1 : self.sizes()[size_t(wrapDim(d, self.dim()))];
    return count - correction;
}

/// The reduced gradient back in the input's shape.
Tensor unreduce(const Tensor& grad, const Tensor& self, const std::optional<IntList>& dims, bool keepdim)
{
    Tensor g = grad;
    if (dims && !keepdim && self.dim() > 0) {
        IntList sorted;
        for (int64_t d : *dims)
            sorted.push_back(wrapDim(d, self.dim()));
        std::sort(sorted.begin(), sorted.end());
        for (int64_t d : sorted)
            g = unsqueeze(g, d);
    }
    return g;
}

/// var_backward: (2 / dof) * grad * (self - self.mean(dim, true)). Over every element (or
/// a 0-d self) with no degree of freedom left it is INFINITY * grad, unexpanded, as in
/// PyTorch 1.13: a self of one element in a 1-d or larger shape then fails the engine's
/// shape check, exactly as PyTorch does.
Tensor varianceBackward(const Tensor& grad, const Tensor& self, const std::optional<IntList>& dims,
                        int64_t correction, bool keepdim)
{
    if (!dims || self.dim() == 0) {  // self - self.mean(): MeanBackward0 under create_graph
        if (self.numel() == correction)
            return mul(grad, Scalar(INFINITY));
        return mul(mul(grad, 2.0 / double(self.numel() - correction)), centred(self, std::nullopt));
    }
    const double scale = 2.0 / double(degreesOfFreedom(self, dims, correction));
    return mul(mul(unreduce(grad, self, dims, keepdim), scale), centred(self, dims));
}

void recordAttrs(OpRecorder& rec, const std::optional<IntList>& dims, int64_t correction, bool keepdim)
{
    rec.attr("correction", UnsignedAttr{correction});  // a negative one reads as 2**64 + correction, as in 1.13
    rec.attr("dim", dims ? SavedAttr(*dims) : SavedAttr(NoneValue{}));
    rec.attr("keepdim", keepdim);
}

/// var_jvp: var_backward(self_t, self, dim, correction, keepdim=true).sum(dim, keepdim), that is
/// ((2 / (n - correction)) * self_t * (self - self.mean(dim, true))).sum(dim, keepdim).
Tensor varianceTangent(const Tensor& self, const Tensor& selfTangent, const std::optional<IntList>& dims,
                       int64_t correction, bool keepdim)
{
    const double scale = 2.0 / double(degreesOfFreedom(self, dims, correction));
    return sum(mul(mul(selfTangent, scale), centred(self, dims)), dims.value_or(IntList{}), keepdim);
}

/// std_backward: var_backward((grad / (result * 2)).masked_fill_(result == 0, 0)).
Tensor standardDeviationBackward(const Tensor& grad, const Tensor& self, const Tensor& result,
                                 const std::optional<IntList>& dims, int64_t correction, bool keepdim)
{
    const Tensor gradVar = maskedFill(div(grad, mul(result, 2)), compare(result, Scalar(0), CompareOp::Eq), Scalar(0));
    return varianceBackward(gradVar, self, dims, correction, keepdim);
}

/// mean_backward: the gradient expanded back to self's shape, divided by the count reduced.
Tensor meanBackward(const Tensor& grad, const Tensor& self, const std::optional<IntList>& dims, bool keepdim)
{
    const bool everything = !dims || dims->empty();
    int64_t count = self.numel();
    if (!everything) {
        count = 1;
        for (int64_t d : *dims)
            count *= self.dim() == 0 ? 1 : self.sizes()[size_t(wrapDim(d, self.dim()))];
    }
    Tensor expanded = everything ? grad : unreduce(grad, self, dims, keepdim);
    if (self.dim() > 0)
        expanded = expand(expanded, self.sizes());
    return div(expanded, Scalar(count));
}

/// var_mean / std_mean: one Welford pass (even over every element, unlike var and std)
/// and one node with the two outputs; a gradient reaching both outputs is summed.
std::pair<Tensor, Tensor> moments(const char* fn, const Tensor& self, const std::optional<IntList>& dims,
                                  std::optional<int64_t> correctionArg, bool keepdim, bool takeSqrt)
{
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, fn, " only support floating point and complex dtypes");
    const int64_t correction = correctionArg.value_or(1);
    IntList reduced = dims.value_or(IntList{});
    Tensor mean;
    Tensor spread = welfordReduce(self, reduced, correction, keepdim, takeSqrt, &mean);
    OpRecorder rec(takeSqrt ? "StdMeanBackward0" : "VarMeanBackward0", {&self},
                   [dims, correction, keepdim, takeSqrt](BackwardNode& n, const variable_list& g) {
                       const Tensor x = n.saved(0);
                       Tensor grad;
                       if (g[0].defined())
                           grad = takeSqrt ? standardDeviationBackward(g[0], x, n.saved(1), dims, correction, keepdim)
                                           : varianceBackward(g[0], x, dims, correction, keepdim);
                       if (g[1].defined()) {
                           const Tensor fromMean = meanBackward(g[1], x, dims, keepdim);
                           grad = grad.defined() ? add(grad, fromMean) : fromMean;
                       }
                       return variable_list{grad};
                   });
    rec.attr("correction", correctionArg ? SavedAttr(UnsignedAttr{*correctionArg}) : SavedAttr(NoneValue{}));
    rec.attr("dim", dims ? SavedAttr(*dims) : SavedAttr(NoneValue{}));
    rec.attr("keepdim", keepdim);
    rec.save("self", self);
    // result0: var_jvp (divided by 2 * std for std_mean); result1: mean(self_t, dim, keepdim).
    rec.forwardEach([&self, dims, correction, keepdim, takeSqrt](const InputTangents& t, const TensorList& results) {
        Tensor spreadTangent = varianceTangent(self, t[0], dims, correction, keepdim);
        if (takeSqrt)
            spreadTangent = div(spreadTangent, mul(results[0], 2.0));
        return TensorList{spreadTangent, ops::mean(t[0], dims.value_or(IntList{}), keepdim)};
    });
    const TensorList outs = rec.finish(TensorList{spread, mean});
    if (rec.active() && takeSqrt)
        rec.node()->save("result0", outs[0], /*isOutput=*/true);
    return {outs[0], outs[1]};
}

}  // namespace

std::pair<Tensor, Tensor> varMean(const Tensor& self, const std::optional<IntList>& dims,
                                  std::optional<int64_t> correction, bool keepdim)
{
    return moments("var_mean", self, dims, correction, keepdim, false);
}

std::pair<Tensor, Tensor> stdMean(const Tensor& self, const std::optional<IntList>& dims,
                                  std::optional<int64_t> correction, bool keepdim)
{
    return moments("std_mean", self, dims, correction, keepdim, true);
}

Tensor var(const Tensor& self, std::optional<IntList> dims, int64_t correction, bool keepdim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    Tensor out = varianceKernel(self, dims, correction, keepdim, false);
    OpRecorder rec("VarBackward0", {&self}, [dims, correction, keepdim](BackwardNode& n, const variable_list& g) {
        return variable_list{varianceBackward(g[0], n.saved(0), dims, correction, keepdim)};
    });
    recordAttrs(rec, dims, correction, keepdim);
    rec.save("self", self);
    rec.forward([&self, dims, correction, keepdim](const InputTangents& t, const Tensor&) {
        return varianceTangent(self, t[0], dims, correction, keepdim);
    });
    return rec.finish(out);
}

Tensor std(const Tensor& self, std::optional<IntList> dims, int64_t correction, bool keepdim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    Tensor out = varianceKernel(self, dims, correction, keepdim, true);
    OpRecorder rec("StdBackward0", {&self}, [dims, correction, keepdim](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{standardDeviationBackward(g[0], saved0, saved1, dims, correction, keepdim)};
    });
    recordAttrs(rec, dims, correction, keepdim);
    rec.save("self", self);
    // var_jvp(...) / (2 * result)
    rec.forward([&self, dims, correction, keepdim](const InputTangents& t, const Tensor& result) {
        return div(varianceTangent(self, t[0], dims, correction, keepdim), mul(result, 2.0));
    });
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops

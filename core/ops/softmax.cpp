// softmax and log_softmax along a dim, numerically stable: the slice's maximum is
// subtracted before exponentiating, so large logits do not overflow.

#include <cmath>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/autograd/grad_mode.h"

namespace agv::ops {

namespace {

/// Sum along `dim` keeping it; a 0-d tensor is its own (single-element) slice.
Tensor sumKeepDim(const Tensor& t, int64_t dim)
{
    return t.dim() == 0 ? t : sum(t, {dim}, /*keepdim=*/true);
}

Tensor softmaxKernel(const Tensor& t, int64_t dim, bool log)
{
    const bool lastDim = t.dim() == 0 || dim == t.dim() - 1;
    const std::string kernelName = std::string(log ? "log_softmax" : "softmax") + (lastDim ? "_lastdim" : "") +
                                   "_kernel_impl";
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError, "\"", kernelName, "\" not implemented for '",
              legacyDtypeShortName(t.dtype()), "'");
    Tensor out = kernel::newTensor(t.sizes(), t.dtype(), t.device());
    const int64_t len = t.dim() == 0 ? 1 : t.sizes()[size_t(dim)];
    const int64_t inStride = t.dim() == 0 ? 0 : t.strides()[size_t(dim)];
    const int64_t outStride = t.dim() == 0 ? 0 : out.strides()[size_t(dim)];
    if (t.numel() == 0)
        return out;
    // One iteration per slice: loop over the shape with the dim collapsed to 1.
    IntList outer = t.sizes();
    if (t.dim() > 0)
        outer[size_t(dim)] = 1;
    AGV_DISPATCH_FLOATING(t.dtype(), kernelName.c_str(), [&] {
        using T = scalar_t;
        kernel::stridedLoop<2>(
            outer, {static_cast<char*>(out.rawData()), static_cast<char*>(t.rawData())},
            {out.strides(), t.strides()}, {sizeof(T), sizeof(T)},
            [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                for (int64_t j = 0; j < n; ++j) {
                    T* o = reinterpret_cast<T*>(p[0]) + j * s[0];
                    const T* x = reinterpret_cast<const T*>(p[1]) + j * s[1];
                    double maxValue = -INFINITY;
                    for (int64_t i = 0; i < len; ++i)
                        maxValue = std::max(maxValue, double(x[i * inStride]));
                    double total = 0;
                    for (int64_t i = 0; i < len; ++i)
                        total += std::exp(double(x[i * inStride]) - maxValue);
                    const double logTotal = std::log(total);
                    for (int64_t i = 0; i < len; ++i) {
                        const double shifted = double(x[i * inStride]) - maxValue;
                        o[i * outStride] = T(log ? shifted - logTotal : std::exp(shifted) / total);
                    }
                }
            });
    });
    return out;
}

/// logsumexp_jvp(self_p, self_t, {dim}, keepdim=true) of PyTorch's FunctionsManual:
/// sum(exp(x - max) * x_t) / sum(exp(x - max)) along dim.
Tensor logsumexpJvp(const Tensor& self, const Tensor& selfTangent, int64_t dim)
{
    Tensor shifted = self.dim() == 0 ? exp(sub(self, self)) : exp(sub(self, max(self, dim, true).first));
    Tensor sumExp = sumKeepDim(shifted, dim);
    return div(sumKeepDim(mul(shifted, selfTangent), dim), sumExp);
}

/// PyTorch's vectorised last-dim softmax (and its backward): every row of a contiguous
/// copy, as host_softmax makes one; undefined where the row kernels do not apply.
Tensor softmaxLastDim(const Tensor& t)
{
    const bool floatOrDouble = t.dtype() == ScalarType::Float32 || t.dtype() == ScalarType::Float64;
    if (!floatOrDouble || t.dim() == 0 || t.numel() == 0)
        return {};
    const Tensor in = t.isContiguous() ? t : kernel::dense(t);
    const int64_t n = in.sizes().back(), rows = in.numel() / n;
    Tensor out = kernel::newTensor(in.sizes(), in.dtype(), in.device());
    bool done = true;
    AGV_DISPATCH_FLOATING(in.dtype(), "softmax", [&] {
        using T = scalar_t;
        for (int64_t r = 0; r < rows && done; ++r)
            done = sleef::softmaxRow(in.data<T>() + r * n, out.data<T>() + r * n, n);
    });
    return done ? out : Tensor();
}

Tensor softmaxBackwardLastDim(const Tensor& grad, const Tensor& result)
{
    if (grad.sizes() != result.sizes() || grad.dim() == 0 || grad.numel() == 0 || grad.dtype() != result.dtype() ||
        GradMode::isEnabled())
        return {};
    const Tensor g = grad.isContiguous() ? grad : kernel::dense(grad);
    const Tensor y = result.isContiguous() ? result : kernel::dense(result);
    const int64_t n = g.sizes().back(), rows = g.numel() / n;
    Tensor out = kernel::newTensor(g.sizes(), g.dtype(), g.device());
    bool done = true;
    AGV_DISPATCH_FLOATING(g.dtype(), "softmax_backward", [&] {
        using T = scalar_t;
        for (int64_t r = 0; r < rows && done; ++r)
            done = sleef::softmaxBackwardRow(g.data<T>() + r * n, y.data<T>() + r * n, out.data<T>() + r * n, n);
    });
    return done ? out : Tensor();
}

}  // namespace

Tensor softmax(const Tensor& t, int64_t dimIn)
{
    const int64_t dim = wrapDim(dimIn, t.dim());
    Tensor out = dim == t.dim() - 1 ? softmaxLastDim(t) : Tensor();
    if (!out.defined())
        out = softmaxKernel(t, dim, false);
    OpRecorder rec("SoftmaxBackward0", {&t}, [dim](BackwardNode& n, const variable_list& g) {
        Tensor result = n.saved(0);
        if (dim == result.dim() - 1)
            if (Tensor fast = softmaxBackwardLastDim(g[0], result); fast.defined())
                return variable_list{fast};
        // d softmax: y * (g - sum(g * y))
        return variable_list{mul(result, sub(g[0], sumKeepDim(mul(g[0], result), dim)))};
    });
    rec.attr("dim", dimIn);
    rec.forward([&](const InputTangents& tangents, const Tensor& result) {
        return mul(result, sub(tangents[0], logsumexpJvp(t, tangents[0], dim)));
    });
    return rec.finishSavingResult(out);
}

/// PyTorch's vectorised last-dim log_softmax (and its backward) for contiguous rows.
Tensor logSoftmaxLastDim(const Tensor& t)
{
    const bool floatOrDouble = t.dtype() == ScalarType::Float32 || t.dtype() == ScalarType::Float64;
    if (!floatOrDouble || t.dim() == 0 || !t.isContiguous() || t.numel() == 0)
        return {};
    const int64_t n = t.sizes().back(), rows = t.numel() / n;
    Tensor out = kernel::newTensor(t.sizes(), t.dtype(), t.device());
    bool done = true;
    AGV_DISPATCH_FLOATING(t.dtype(), "log_softmax", [&] {
        using T = scalar_t;
        for (int64_t r = 0; r < rows && done; ++r)
            done = sleef::logSoftmaxRow(t.data<T>() + r * n, out.data<T>() + r * n, n);
    });
    return done ? out : Tensor();
}

Tensor logSoftmaxBackwardLastDim(const Tensor& grad, const Tensor& result)
{
    if (!grad.isContiguous() || !result.isContiguous() || grad.sizes() != result.sizes() || grad.dim() == 0 ||
        grad.dtype() != result.dtype() || GradMode::isEnabled())
        return {};
    const int64_t n = grad.sizes().back(), rows = grad.numel() / std::max<int64_t>(n, 1);
    Tensor out = kernel::newTensor(grad.sizes(), grad.dtype(), grad.device());
    bool done = true;
    AGV_DISPATCH_FLOATING(grad.dtype(), "log_softmax_backward", [&] {
        using T = scalar_t;
        for (int64_t r = 0; r < rows && done; ++r)
            done = sleef::logSoftmaxBackwardRow(grad.data<T>() + r * n, result.data<T>() + r * n,
                                                out.data<T>() + r * n, n);
    });
    return done ? out : Tensor();
}

Tensor logSoftmax(const Tensor& t, int64_t dimIn)
{
    const int64_t dim = wrapDim(dimIn, t.dim());
    Tensor out = dim == t.dim() - 1 ? logSoftmaxLastDim(t) : Tensor();
    if (!out.defined())
        out = softmaxKernel(t, dim, true);
    OpRecorder rec("LogSoftmaxBackward0", {&t}, [dim](BackwardNode& n, const variable_list& g) {
        Tensor result = n.saved(0);
        if (dim == result.dim() - 1)
            if (Tensor fast = logSoftmaxBackwardLastDim(g[0], result); fast.defined())
                return variable_list{fast};
        // d log_softmax: g - exp(y) * sum(g)
        return variable_list{sub(g[0], mul(exp(result), sumKeepDim(g[0], dim)))};
    });
    rec.attr("dim", dimIn);
    rec.forward([&](const InputTangents& tangents, const Tensor&) {
        return sub(tangents[0], logsumexpJvp(t, tangents[0], dim));
    });
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops

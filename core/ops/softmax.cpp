// softmax and log_softmax along a dim (values: softmax_kernels.cpp), their backward as
// _softmax_backward_data / _log_softmax_backward_data nodes with their double backward.

#include <cmath>

#include "core/autograd/forward_ad_decomposition.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/softmax_kernels.h"
#include "core/ops/view_inplace.h"
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
    // 1.13's log_softmax over another dim dispatches under softmax's name ("softmax_kernel_impl").
    const std::string kernelName =
        lastDim ? std::string(log ? "log_softmax" : "softmax") + "_lastdim_kernel_impl" : "softmax_kernel_impl";
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

/// The [outer, dim, inner] reading of t along dim (a 0-d tensor is one row of one).
softmax_kernels::Shape kernelShape(const Tensor& t, int64_t dim)
{
    softmax_kernels::Shape s;
    s.lastDim = t.dim() <= 1 || dim == t.dim() - 1;
    if (t.dim() == 0)
        return s;
    s.dim = t.sizes()[size_t(dim)];
    for (int64_t i = 0; i < dim; ++i)
        s.outer *= t.sizes()[size_t(i)];
    for (int64_t i = dim + 1; i < t.dim(); ++i)
        s.inner *= t.sizes()[size_t(i)];
    return s;
}

bool floatOrDouble(ScalarType t) { return t == ScalarType::Float32 || t == ScalarType::Float64; }

/// 1.13 dispatches its softmax kernels for float, double and bfloat16 (not float16).
bool hasVectorKernel(ScalarType t) { return floatOrDouble(t) || t == ScalarType::BFloat16; }

/// AGV_DISPATCH_FLOATING plus bfloat16, for the kernels of softmax_kernels.h.
template <typename Fn>
bool dispatchSoftmaxKernel(ScalarType type, const char* name, Fn fn)
{
    if (type == ScalarType::BFloat16)
        return fn(BFloat16());
    return AGV_DISPATCH_FLOATING(type, name, [&] { return fn(scalar_t()); });
}

/// softmax / log_softmax values: PyTorch's vectorised kernels for float and double,
/// the generic loop for the rest (or without AVX2).
Tensor forwardValues(const Tensor& t, int64_t dim, bool log)
{
    if (hasVectorKernel(t.dtype()) && t.numel() > 0) {
        const Tensor x = kernel::dense(t);
        Tensor out = kernel::newTensor(t.sizes(), t.dtype(), t.device());
        const bool done = dispatchSoftmaxKernel(t.dtype(), "softmax", [&](auto zero) {
            using T = decltype(zero);
            return softmax_kernels::forward(x.data<T>(), out.data<T>(), kernelShape(t, dim), log);
        });
        if (done)
            return out;
    }
    return softmaxKernel(t, dim, log);
}

/// _softmax_backward_data / _log_softmax_backward_data: the gradient of (log_)softmax
/// from its output, its own node (SoftmaxBackwardDataBackward0, ...) when recorded.
Tensor backwardData(const Tensor& grad, const Tensor& output, int64_t dim, bool log)
{
    Tensor gradInput;
    if (hasVectorKernel(output.dtype()) && grad.dtype() == output.dtype() && grad.sizes() == output.sizes() &&
        output.numel() > 0) {
        const Tensor g = kernel::dense(grad), y = kernel::dense(output);
        Tensor out = kernel::newTensor(output.sizes(), output.dtype(), output.device());
        const bool done = dispatchSoftmaxKernel(output.dtype(), "softmax_backward", [&](auto zero) {
            using T = decltype(zero);
            return softmax_kernels::backward(g.data<T>(), y.data<T>(), out.data<T>(), kernelShape(output, dim), log);
        });
        if (done)
            gradInput = out;
    }
    if (!gradInput.defined()) {
        GradModeGuard noGrad(false);
        // softmax: y * (g - sum(g * y)); log_softmax: g - exp(y) * sum(g)
        gradInput = log ? sub(grad, mul(exp(output), sumKeepDim(grad, dim)))
                        : mul(output, sub(grad, sumKeepDim(mul(grad, output), dim)));
    }
    const char* name = log ? "LogSoftmaxBackwardDataBackward0" : "SoftmaxBackwardDataBackward0";
    OpRecorder rec(name, {&grad, &output}, [dim, log](BackwardNode& n, const variable_list& g) {
        const Tensor gradOutput = n.saved(0), y = n.saved(1), gg = g[0];
        if (log) {
            // grad_output: gg - (gg * y.exp()).sum(dim, true); output: -grad_output.sum(dim, true) * y.exp() * gg
            return variable_list{
                n.needsInputGrad(0) ? sub(gg, sumKeepDim(mul(gg, exp(y)), dim)) : Tensor(),
                n.needsInputGrad(1) ? mul(mul(neg(sumKeepDim(gradOutput, dim)), exp(y)), gg) : Tensor()};
        }
        // grad_output: _softmax_backward_data(gg, y); output: softmax_double_backward
        Tensor forOutput;
        if (n.needsInputGrad(1))
            forOutput = sub(sub(mul(gradOutput, gg), mul(sumKeepDim(mul(y, gradOutput), dim), gg)),
                            mul(gradOutput, sumKeepDim(mul(y, gg), dim)));
        return variable_list{n.needsInputGrad(0) ? backwardData(gg, y, dim, false) : Tensor(), forOutput};
    });
    rec.attr("dim", dim);
    rec.save("grad_output", grad);
    rec.save("output", output);
    rec.forward([log](const InputTangents&, const Tensor&) -> Tensor {
        forward_ad::throwNoDecomposition(log ? "_log_softmax_backward_data" : "_softmax_backward_data");
    });
    return rec.finish(gradInput);
}

}  // namespace

Tensor softmax(const Tensor& t, int64_t dimIn)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const int64_t dim = wrapDim(dimIn, t.dim());
    Tensor out = forwardValues(t, dim, false);
    OpRecorder rec("SoftmaxBackward0", {&t}, [dim](BackwardNode& n, const variable_list& g) {
        return variable_list{backwardData(g[0], n.saved(0), dim, false)};
    });
    rec.attr("dim", dimIn);
    rec.forward([&](const InputTangents& tangents, const Tensor& result) {
        return mul(result, sub(tangents[0], logsumexpJvp(t, tangents[0], dim)));
    });
    return rec.finishSavingResult(out);
}

Tensor logSoftmax(const Tensor& t, int64_t dimIn)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const int64_t dim = wrapDim(dimIn, t.dim());
    Tensor out = forwardValues(t, dim, true);
    OpRecorder rec("LogSoftmaxBackward0", {&t}, [dim](BackwardNode& n, const variable_list& g) {
        return variable_list{backwardData(g[0], n.saved(0), dim, true)};
    });
    rec.attr("dim", dimIn);
    rec.forward([&](const InputTangents& tangents, const Tensor&) {
        return sub(tangents[0], logsumexpJvp(t, tangents[0], dim));
    });
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops

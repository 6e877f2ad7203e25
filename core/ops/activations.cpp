// silu, elu and softplus with PyTorch 1.13's CPU kernels (Activation.cpp): each gives
// cpu_kernel_vec a Vectorized body (SLEEF's exp / log1p) and a scalar body (glibc's),
// which round differently; which elements meet which body is TensorIterator's loop
// (Note [cpu_kernel_vec bodies]). The AVX2 build contracts a * b + c into one fused
// multiply-add in both bodies (silu_backward's 1 + x * (1 - sigmoid)).

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/vectorized_loop.h"

namespace agv::ops {

namespace {

/// SLEEF's f over a whole array (lane by lane, so any grouping gives the same values);
/// false without AVX2, when the caller uses the scalar body everywhere.
template <typename T>
bool sleefMap(sleef::Function f, const std::vector<T>& in, std::vector<T>& out)
{
    out.resize(in.size());
    return sleef::apply(f, in.data(), out.data(), int64_t(in.size()));
}

/// Out-of-place unary activation: values(x, vector flags) in x's floating dtype.
template <typename Body>
Tensor twoBodyUnary(const Tensor& self, const char* name, Body body)
{
    return AGV_DISPATCH_FLOATING(self.dtype(), name, [&] {
        using T = scalar_t;
        const Tensor x = kernel::dense(self);
        const int64_t n = x.numel();
        std::vector<T> in(x.data<T>(), x.data<T>() + n);
        const std::vector<bool> vector =
            kernel::vectorizedElements(self.sizes(), {IntList{}, self.strides()}, int64_t(32 / sizeof(T)));
        Tensor out = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        body(in, vector, out.data<T>());
        return out;
    });
}

/// Backward kernel over (grad, self) of one shape: body(grad, self, vector flags, out).
template <typename Body>
Tensor twoBodyBackward(const Tensor& grad, const Tensor& self, const char* name, Body body)
{
    AGV_CHECK(grad.dtype() == self.dtype(), RuntimeError, "expected scalar type ", dtypeName(self.dtype()),
              " but found ", dtypeName(grad.dtype()));
    const IntList shape = broadcastShapes(grad.sizes(), self.sizes());
    return AGV_DISPATCH_FLOATING(self.dtype(), name, [&] {
        using T = scalar_t;
        const IntList sg = kernel::broadcastStrides(grad, shape), ss = kernel::broadcastStrides(self, shape);
        const std::vector<int64_t> og = kernel::elementOffsets(shape, sg), os = kernel::elementOffsets(shape, ss);
        std::vector<T> g(og.size()), x(os.size());
        for (size_t i = 0; i < og.size(); ++i) {
            g[i] = grad.data<T>()[og[i]];
            x[i] = self.data<T>()[os[i]];
        }
        const std::vector<bool> vector = kernel::vectorizedElements(shape, {IntList{}, sg, ss}, int64_t(32 / sizeof(T)));
        Tensor out = kernel::newTensor(shape, self.dtype(), self.device());
        body(g, x, vector, out.data<T>());
        return out;
    });
}

Tensor siluBackwardKernel(const Tensor& grad, const Tensor& self)
{
    return twoBodyBackward(grad, self, "silu_backward_cpu", [](const auto& g, const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(g[0])>;
        std::vector<T> negX(x.size()), e;
        for (size_t i = 0; i < x.size(); ++i)
            negX[i] = -x[i];
        const bool sleefDone = sleefMap(sleef::Function::Exp, negX, e);
        for (size_t i = 0; i < x.size(); ++i) {
            const T ex = sleefDone && vector[i] ? e[i] : std::exp(-x[i]);
            const T sigmoid = T(1) / (T(1) + ex);
            o[i] = g[i] * sigmoid * std::fma(x[i], T(1) - sigmoid, T(1));
        }
    });
}

/// elu's exp(x * input_scale): `scaled` holds the products, `e` SLEEF's exp of them on
/// the vectorised elements when SLEEF ran (the return value).
template <class X, class T> bool scaledExp(const X& x, T inputScale, std::vector<T>& scaled, std::vector<T>& e)
{
    scaled.resize(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        scaled[i] = x[i] * inputScale;
    return sleefMap(sleef::Function::Exp, scaled, e);
}

Tensor eluBackwardKernel(const Tensor& grad, const Tensor& self, double alpha, double scale, double inputScale)
{
    return twoBodyBackward(grad, self, "elu_backward_cpu", [&](const auto& g, const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(g[0])>;
        const T negcoef = T(alpha) * T(scale), poscoef = T(scale), negiptcoef = T(inputScale);
        std::vector<T> scaled, e;
        const bool sleefDone = scaledExp(x, negiptcoef, scaled, e);
        for (size_t i = 0; i < x.size(); ++i) {
            if (sleefDone && vector[i])
                o[i] = x[i] > T(0) ? g[i] * poscoef : g[i] * negiptcoef * negcoef * e[i];
            else
                o[i] = x[i] <= T(0) ? g[i] * negiptcoef * negcoef * std::exp(scaled[i]) : g[i] * poscoef;
        }
    });
}

Tensor softplusBackwardKernel(const Tensor& grad, const Tensor& self, double betaIn, double thresholdIn)
{
    return twoBodyBackward(grad, self, "softplus_backward_cpu",
                           [&](const auto& g, const auto& x, const auto& vector, auto* o) {
                               using T = std::decay_t<decltype(g[0])>;
                               const T beta = T(betaIn), threshold = T(thresholdIn);
                               std::vector<T> scaled(x.size()), e;
                               for (size_t i = 0; i < x.size(); ++i)
                                   scaled[i] = x[i] * beta;
                               const bool sleefDone = sleefMap(sleef::Function::Exp, scaled, e);
                               for (size_t i = 0; i < x.size(); ++i) {
                                   const T z = sleefDone && vector[i] ? e[i] : std::exp(scaled[i]);
                                   o[i] = scaled[i] > threshold ? g[i] : g[i] * z / (z + T(1));
                               }
                           });
}

}  // namespace

Tensor silu(const Tensor& self)
{
    Tensor out = twoBodyUnary(self, "silu_cpu", [](const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(x[0])>;
        std::vector<T> negX(x.size()), e;
        for (size_t i = 0; i < x.size(); ++i)
            negX[i] = -x[i];
        const bool sleefDone = sleefMap(sleef::Function::Exp, negX, e);
        for (size_t i = 0; i < x.size(); ++i)
            o[i] = x[i] / (T(1) + (sleefDone && vector[i] ? e[i] : std::exp(-x[i])));
    });
    OpRecorder rec("SiluBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        Tensor x = n.saved(0);
        if (!GradMode::isEnabled())
            return variable_list{siluBackwardKernel(g[0], x)};
        // infinitely_differentiable_silu_backward: grad * sigmoid * (1 + x * (1 - sigmoid))
        Tensor s = sigmoid(x);
        return variable_list{mul(mul(g[0], s), add(mul(x, rsub(s, Scalar(1.0))), Scalar(1.0)))};
    });
    rec.save("self", self);
    return rec.finish(out);
}

Tensor elu(const Tensor& self, double alpha, double scale, double inputScale)
{
    Tensor out = twoBodyUnary(self, "elu_cpu", [&](const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(x[0])>;
        const T negcoef = T(alpha) * T(scale), poscoef = T(scale), negiptcoef = T(inputScale);
        std::vector<T> scaled, e;
        const bool sleefDone = scaledExp(x, negiptcoef, scaled, e);
        for (size_t i = 0; i < x.size(); ++i) {
            if (sleefDone && vector[i])
                o[i] = x[i] > T(0) ? x[i] * poscoef : (e[i] - T(1)) * negcoef;
            else
                o[i] = x[i] <= T(0) ? (std::exp(scaled[i]) - T(1)) * negcoef : x[i] * poscoef;
        }
    });
    OpRecorder rec("EluBackward0", {&self}, [alpha, scale, inputScale](BackwardNode& n, const variable_list& g) {
        GradModeGuard noGrad(false);
        return variable_list{eluBackwardKernel(g[0], n.saved(0), alpha, scale, inputScale)};
    });
    rec.save("self", self);
    rec.attr("alpha", alpha);
    rec.attr("scale", scale == std::floor(scale) ? SavedAttr(int64_t(scale)) : SavedAttr(scale));
    rec.attr("input_scale", inputScale == std::floor(inputScale) ? SavedAttr(int64_t(inputScale)) : SavedAttr(inputScale));
    return rec.finish(out);
}

Tensor softplus(const Tensor& self, Scalar beta, Scalar threshold)
{
    const double b = beta.toDouble(), th = threshold.toDouble();
    Tensor out = twoBodyUnary(self, "softplus_cpu", [&](const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(x[0])>;
        const T betaT = T(b), thresholdT = T(th);
        std::vector<T> scaled(x.size()), e, l;
        for (size_t i = 0; i < x.size(); ++i)
            scaled[i] = x[i] * betaT;
        const bool sleefDone = sleefMap(sleef::Function::Exp, scaled, e) && sleefMap(sleef::Function::Log1p, e, l);
        for (size_t i = 0; i < x.size(); ++i) {
            if (scaled[i] > thresholdT)
                o[i] = x[i];
            else
                o[i] = (sleefDone && vector[i] ? l[i] : T(std::log1p(std::exp(scaled[i])))) / betaT;
        }
    });
    OpRecorder rec("SoftplusBackward0", {&self}, [b, th](BackwardNode& n, const variable_list& g) {
        GradModeGuard noGrad(false);
        return variable_list{softplusBackwardKernel(g[0], n.saved(0), b, th)};
    });
    rec.save("self", self);
    rec.attr("beta", beta.isFloating() ? SavedAttr(b) : SavedAttr(beta.toInt()));
    rec.attr("threshold", threshold.isFloating() ? SavedAttr(th) : SavedAttr(threshold.toInt()));
    return rec.finish(out);
}

}  // namespace agv::ops

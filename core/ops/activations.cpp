// The activations with their own nodes in PyTorch 1.13 (silu, elu, celu, softplus,
// threshold, hardshrink, softshrink, hardsigmoid, hardswish, mish, glu,
// prelu) with its CPU kernels (Activation.cpp). Kernels that call exp / log1p / tanh give
// cpu_kernel_vec a Vectorized body (SLEEF) and a scalar body (glibc), which round
// differently; which elements meet which body is TensorIterator's loop (Note
// [cpu_kernel_vec bodies]). The AVX2 build contracts a * b + c into one fused
// multiply-add in both bodies (silu_backward's 1 + x * (1 - sigmoid)). Kernels that only
// compare, add and multiply give the same bits in both bodies and run one loop.
//
// Every backward is differentiable again (create_graph=True), as in 1.13: the backward
// kernel's result is recorded under derivatives.yaml's node for it (EluBackwardBackward0,
// ThresholdBackwardBackward0, ...), whose own backward is written with the ops and in the
// order of FunctionsManual.cpp, so second-order gradients match bit for bit. silu and mish
// differentiate a composite instead; hardsigmoid_backward has no derivative (NotImplemented).

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <type_traits>

#include "core/autograd/grad_mode.h"
#include "core/ops/activation_double_backward.h"
#include "core/ops/activations.h"
#include "core/ops/gpu_dispatch.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/pointwise_extra.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/vectorized_loop.h"

namespace agv::ops {

namespace {

using kernel::convert;

/// SLEEF's f over a whole array (lane by lane, so any grouping gives the same values);
/// false without AVX2, when the caller uses the scalar body everywhere.
template <typename T>
bool sleefMap(sleef::Function f, const std::vector<T>& in, std::vector<T>& out)
{
    out.resize(in.size());
    return sleef::apply(f, in.data(), out.data(), int64_t(in.size()));
}

// Note [bfloat16 activations compute in float]
// PyTorch 1.13 gives most activations' CPU kernels a bfloat16 branch of its own: both
// bodies widen each element to float, compute the float formula and round the result
// to bfloat16 once (the scalar body writes float(a) throughout). So a bfloat16 input
// runs the float kernel here, with the Vectorized<BFloat16> split (16 lanes, not 8)
// deciding which elements meet SLEEF, and the float result rounded once. Kernels that
// only select (threshold, hardshrink, shrink_backward) dispatch bfloat16 generically in
// 1.13: their Scalar converts to BFloat16 first, which changes what compares equal.
enum class BFloat16Kernel { Refused, InFloat, Native };

/// Elements of one Vectorized<BFloat16> on AVX2.
constexpr int64_t kBFloat16Lanes = 16;

/// Out-of-place unary activation: values(x, vector flags) in x's floating dtype.
template <typename Body>
Tensor twoBodyUnary(const Tensor& self, const char* name, Body body, BFloat16Kernel bfloat16 = BFloat16Kernel::Refused)
{
    const bool inFloat = bfloat16 == BFloat16Kernel::InFloat && self.dtype() == ScalarType::BFloat16;
    const Tensor source = inFloat ? convert(self, ScalarType::Float32) : self;
    Tensor result = AGV_DISPATCH_FLOATING(source.dtype(), name, [&] {
        using T = scalar_t;
        const Tensor x = kernel::dense(source);
        const int64_t n = x.numel();
        std::vector<T> in(x.data<T>(), x.data<T>() + n);
        const std::vector<bool> vector = kernel::vectorizedElements(
            self.sizes(), {IntList{}, self.strides()}, inFloat ? kBFloat16Lanes : int64_t(32 / sizeof(T)));
        Tensor out = kernel::newTensor(self.sizes(), source.dtype(), self.device());
        body(in, vector, out.data<T>());
        return kernel::asElementwiseOutput(out, {&self});
    });
    return inFloat ? convert(result, ScalarType::BFloat16) : result;
}

/// Backward kernel over (grad, self) of one shape: body(grad, self, vector flags, out).
template <typename Body>
Tensor twoBodyBackward(const Tensor& grad, const Tensor& self, const char* name, Body body,
                       BFloat16Kernel bfloat16 = BFloat16Kernel::Refused)
{
    AGV_CHECK(grad.dtype() == self.dtype(), RuntimeError, "expected scalar type ", dtypeName(self.dtype()),
              " but found ", dtypeName(grad.dtype()));
    const IntList shape = broadcastShapes(grad.sizes(), self.sizes());
    const bool inFloat = bfloat16 == BFloat16Kernel::InFloat && self.dtype() == ScalarType::BFloat16;
    const Tensor gradSource = inFloat ? convert(grad, ScalarType::Float32) : grad;
    const Tensor selfSource = inFloat ? convert(self, ScalarType::Float32) : self;
    Tensor result = AGV_DISPATCH_FLOATING(selfSource.dtype(), name, [&] {
        using T = scalar_t;
        const IntList sg = kernel::broadcastStrides(gradSource, shape), ss = kernel::broadcastStrides(selfSource, shape);
        const std::vector<int64_t> og = kernel::elementOffsets(shape, sg), os = kernel::elementOffsets(shape, ss);
        std::vector<T> g(og.size()), x(os.size());
        for (size_t i = 0; i < og.size(); ++i) {
            g[i] = gradSource.data<T>()[og[i]];
            x[i] = selfSource.data<T>()[os[i]];
        }
        const std::vector<bool> vector =
            kernel::vectorizedElements(shape, {IntList{}, kernel::broadcastStrides(grad, shape), kernel::broadcastStrides(self, shape)},
                                       inFloat ? kBFloat16Lanes : int64_t(32 / sizeof(T)));
        Tensor out = kernel::newTensor(shape, selfSource.dtype(), self.device());
        body(g, x, vector, out.data<T>());
        return kernel::asElementwiseOutput(out, {&grad, &self});
    });
    return inFloat ? convert(result, ScalarType::BFloat16) : result;
}

Tensor siluBackwardKernel(const Tensor& grad, const Tensor& self)
{
    const bool roundEachStep = self.dtype() == ScalarType::BFloat16;
    return twoBodyBackward(grad, self, "silu_backward_cpu", [roundEachStep](const auto& g, const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(g[0])>;
        const auto r = [roundEachStep](T v) { return roundEachStep ? T(float(BFloat16(float(v)))) : v; };
        std::vector<T> negX(x.size()), e;
        for (size_t i = 0; i < x.size(); ++i)
            negX[i] = -x[i];
        const bool sleefDone = sleefMap(sleef::Function::Exp, negX, e);
        for (size_t i = 0; i < x.size(); ++i) {
            const T ex = r(sleefDone && vector[i] ? e[i] : std::exp(-x[i]));
            const T sigmoid = r(T(1) / r(T(1) + ex));
            if (roundEachStep)
                o[i] = r(g[i] * sigmoid) * r(T(1) + r(x[i] * r(T(1) - sigmoid)));
            else
                o[i] = g[i] * sigmoid * std::fma(x[i], T(1) - sigmoid, T(1));
        }
    }, BFloat16Kernel::InFloat);
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

Tensor eluBackwardKernel(const Tensor& grad, const Tensor& self, const internal::EluCoefficients& c)
{
    const double alpha = c.alpha.toDouble(), scale = c.scale.toDouble(), inputScale = c.inputScale.toDouble();
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
    }, BFloat16Kernel::InFloat);
}

Tensor eluValues(const Tensor& self, const internal::EluCoefficients& c)
{
    const double alpha = c.alpha.toDouble(), scale = c.scale.toDouble(), inputScale = c.inputScale.toDouble();
    return twoBodyUnary(self, "elu_cpu", [&](const auto& x, const auto& vector, auto* o) {
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
    }, BFloat16Kernel::InFloat);
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
                           }, BFloat16Kernel::InFloat);
}


/// A Scalar argument as the kernel's scalar_t (Scalar::to<scalar_t>()).
template <typename T> T scalarAs(const Scalar& s)
{
    return s.isFloating() ? T(s.toDouble()) : T(s.toInt());
}

/// A kernel that only compares, adds and multiplies: PyTorch's scalar and Vectorized
/// bodies agree on every element, so one loop stands for both.
template <typename F>
Tensor arithmeticUnary(const Tensor& self, const char* name, F f, BFloat16Kernel bfloat16 = BFloat16Kernel::Refused)
{
    if (self.dtype() == ScalarType::BFloat16 && bfloat16 == BFloat16Kernel::InFloat)
        return convert(arithmeticUnary(convert(self, ScalarType::Float32), name, f), ScalarType::BFloat16);
    if (self.dtype() == ScalarType::BFloat16 && bfloat16 == BFloat16Kernel::Native)
        return kernel::mapUnary<BFloat16, BFloat16>(self, self.dtype(), [&](BFloat16 x) { return f(x); });
    return AGV_DISPATCH_FLOATING(self.dtype(), name, [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(self, self.dtype(), [&](T x) { return f(x); });
    });
}

/// The backward counterpart: f(grad, self) per element of their broadcast shape.
template <typename F>
Tensor arithmeticBackward(const Tensor& grad, const Tensor& self, const char* name, F f,
                          BFloat16Kernel bfloat16 = BFloat16Kernel::Refused)
{
    AGV_CHECK(grad.dtype() == self.dtype(), RuntimeError, "expected scalar type ", dtypeName(self.dtype()),
              " but found ", dtypeName(grad.dtype()));
    if (self.dtype() == ScalarType::BFloat16 && bfloat16 == BFloat16Kernel::InFloat)
        return convert(arithmeticBackward(convert(grad, ScalarType::Float32), convert(self, ScalarType::Float32), name, f),
                       ScalarType::BFloat16);
    if (self.dtype() == ScalarType::BFloat16 && bfloat16 == BFloat16Kernel::Native)
        return kernel::mapBinary<BFloat16, BFloat16>(grad, self, broadcastShapes(grad.sizes(), self.sizes()), self.dtype(),
                                                     [&](BFloat16 g, BFloat16 x) { return f(g, x); });
    return AGV_DISPATCH_FLOATING(self.dtype(), name, [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(grad, self, broadcastShapes(grad.sizes(), self.sizes()), self.dtype(),
                                       [&](T g, T x) { return f(g, x); });
    });
}

/// A backward kernel's result laid out as the iterator of a kernel that takes self before
/// grad lays it out: as self is where the two differ (a channels-last input's gradient from
/// a contiguous grad_output is channels last).
Tensor laidOutSelfFirst(const Tensor& out, const Tensor& self, const Tensor& grad)
{
    const IntList strides = elementwiseOutputStrides(out.sizes(), {&self, &grad});
    if (strides == out.strides())
        return out;
    Tensor laidOut = kernel::newStridedTensor(out.sizes(), strides, out.dtype(), out.device());
    kernel::copyInto(laidOut, out);
    return laidOut;
}

/// threshold_backward(grad, self, threshold): the threshold kernel over (self, grad) with value 0.
Tensor thresholdBackwardKernel(const Tensor& grad, const Tensor& self, Scalar threshold)
{
    if (grad.dtype() == self.dtype() && grad.sizes() == self.sizes())  // See Note [GPU kernels]
        if (std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpu::BinaryOp::ThresholdBackward, self, grad,
                                                                self.dtype(), self.dtype(), threshold.toDouble()))
            return *gpuOut;
    const Tensor out = arithmeticBackward(grad, self, "threshold_cpu", [threshold](auto g, auto x) {
        using T = decltype(x);
        return x <= scalarAs<T>(threshold) ? T(0) : g;
    }, BFloat16Kernel::Native);
    return laidOutSelfFirst(out, self, grad);
}

/// elu_backward with is_result: both bodies compute it alike.
Tensor eluResultBackwardKernel(const Tensor& grad, const Tensor& result, const internal::EluCoefficients& c)
{
    const double alpha = c.alpha.toDouble(), scale = c.scale.toDouble(), inputScale = c.inputScale.toDouble();
    return arithmeticBackward(grad, result, "elu_backward_cpu", [=](auto g, auto y) {
        using T = decltype(y);
        const T negcoef = T(alpha) * T(scale), poscoef = T(scale), negiptcoef = T(inputScale);
        return y <= T(0) ? g * negiptcoef * (y + negcoef) : g * poscoef;
    }, BFloat16Kernel::InFloat);
}

/// leaky_relu_backward_cpu: grad where self > 0, else grad * negative_slope (its iterator
/// takes self first).
Tensor leakyReluBackwardKernel(const Tensor& grad, const Tensor& self, Scalar negativeSlope)
{
    const Tensor out = arithmeticBackward(grad, self, "leaky_relu_backward_cpu", [negativeSlope](auto g, auto x) {
        using T = decltype(x);
        return x > T(0) ? g : g * scalarAs<T>(negativeSlope);
    }, BFloat16Kernel::InFloat);
    return laidOutSelfFirst(out, self, grad);
}

/// shrink_backward (hardshrink's and softshrink's): 0 where -lambd <= x <= lambd.
Tensor shrinkBackwardKernel(const Tensor& grad, const Tensor& self, Scalar lambd)
{
    return arithmeticBackward(grad, self, "shrink_backward_cpu", [lambd](auto g, auto x) {
        using T = decltype(x);
        const T l = scalarAs<T>(lambd);
        return x >= -l && x <= l ? T(0) : g;
    }, BFloat16Kernel::Native);
}

Tensor hardsigmoidBackwardKernel(const Tensor& grad, const Tensor& self)
{
    return arithmeticBackward(grad, self, "hardsigmoid_backward", [](auto g, auto x) {
        using T = decltype(x);
        // one_sixth is the float 1.0f / 6.0f in both dtypes: a double gradient is scaled by
        // 0.1666666716337204, not by 1 / 6.
        const T oneSixth = T(1.0f / 6.0f);
        return x > T(-3) && x < T(3) ? g * oneSixth : T(0);
    }, BFloat16Kernel::InFloat);
}

/// The two bodies disagree at x == 3: the scalar one takes the slope's branch (x <= 3),
/// the Vectorized one passes grad through (x >= 3).
Tensor hardswishBackwardKernel(const Tensor& grad, const Tensor& self)
{
    return twoBodyBackward(grad, self, "hardswish_backward_cpu",
                           [](const auto& g, const auto& x, const auto& vector, auto* o) {
                               using T = std::decay_t<decltype(g[0])>;
                               for (size_t i = 0; i < x.size(); ++i) {
                                   const bool slope = vector[i] ? x[i] < T(3) : x[i] <= T(3);
                                   if (x[i] < T(-3))
                                       o[i] = T(0);
                                   else
                                       o[i] = slope ? g[i] * ((x[i] / T(3)) + T(0.5)) : g[i];
                               }
                           }, BFloat16Kernel::InFloat);
}

Tensor mishBackwardKernel(const Tensor& grad, const Tensor& self)
{
    return twoBodyBackward(grad, self, "mish_backward_cpu", [](const auto& g, const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(g[0])>;
        std::vector<T> negX(x.size()), e, eNeg, l, t;
        for (size_t i = 0; i < x.size(); ++i)
            negX[i] = -x[i];
        const bool sleefDone = sleefMap(sleef::Function::Exp, negX, eNeg) && sleefMap(sleef::Function::Exp, x, e) &&
                               sleefMap(sleef::Function::Log1p, e, l) && sleefMap(sleef::Function::Tanh, l, t);
        for (size_t i = 0; i < x.size(); ++i) {
            const bool v = sleefDone && vector[i];
            const T sigmoid = T(1) / (T(1) + (v ? eNeg[i] : std::exp(-x[i])));
            const T tanhSoftplus = v ? t[i] : std::tanh(std::log1p(std::exp(x[i])));
            // The AVX2 build contracts both bodies' 1 - tsp * tsp and tsp + (x * sigmoid) * (...).
            o[i] = g[i] * std::fma(x[i] * sigmoid, std::fma(-tanhSoftplus, tanhSoftplus, T(1)), tanhSoftplus);
        }
    });
}


/// The halves glu splits self into along `dim`: their shape, the element offsets of the
/// first half, and how far the second one lies beyond it.
struct GluHalves {
    IntList shape;
    std::vector<int64_t> offsets;
    int64_t shift = 0;
};

GluHalves gluHalves(const IntList& sizes, const IntList& strides, int64_t dim)
{
    GluHalves h;
    h.shape = sizes;
    h.shape[size_t(dim)] /= 2;
    h.offsets = kernel::elementOffsets(h.shape, strides);
    h.shift = h.shape[size_t(dim)] * strides[size_t(dim)];
    return h;
}

/// glu_backward as 1.13's glu_backward_cpu_out computes it into a contiguous grad_input:
/// sigmoid_out(first half, b) (its own loop), then (1 - s) * s * a * grad into the second
/// half, then the first half times grad.
Tensor gluBackwardKernel(const Tensor& grad, const Tensor& self, int64_t dim)
{
    AGV_CHECK(grad.dtype() == self.dtype(), RuntimeError, "expected scalar type ", dtypeName(self.dtype()),
              " but found ", dtypeName(grad.dtype()));
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "glu_backward_cpu");
    return AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "glu_backward_cpu", [&] {
        using T = scalar_t;
        // bfloat16: sigmoid's own bfloat16 kernel (float formula, rounded once), then the
        // fused (1 - s) * s * a * grad in float, rounded once, and s * grad in bfloat16.
        using C = std::conditional_t<kIsReducedFloat<T>, float, T>;
        const GluHalves in = gluHalves(self.sizes(), self.strides(), dim);
        const IntList outStrides = contiguousStrides(self.sizes());
        const GluHalves out = gluHalves(self.sizes(), outStrides, dim);
        const std::vector<int64_t> og = kernel::elementOffsets(in.shape, kernel::broadcastStrides(grad, in.shape));
        const T* x = self.data<T>();
        std::vector<C> negB(in.offsets.size()), e;
        for (size_t i = 0; i < negB.size(); ++i)
            negB[i] = -C(x[in.offsets[i] + in.shift]);
        const bool sleefDone = sleefMap(sleef::Function::Exp, negB, e);
        const std::vector<bool> vector =
            kernel::vectorizedElements(in.shape, {outStrides, self.strides()}, int64_t(32 / sizeof(T)));
        Tensor result = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        T* r = result.data<T>();
        for (size_t i = 0; i < negB.size(); ++i) {
            const T s = T(C(1) / (C(1) + (sleefDone && vector[i] ? e[i] : std::exp(negB[i]))));
            const T g = grad.data<T>()[og[i]];
            r[out.offsets[i] + out.shift] = T((C(1) - C(s)) * C(s) * C(x[in.offsets[i]]) * C(g));
            r[out.offsets[i]] = s * g;
        }
        return result;
    });
}

/// The channel of each element of a contiguous tensor for prelu: dim 1, or 0 for every
/// element when the weight is shared.
int64_t preluChannel(const Tensor& self, int64_t weights, int64_t i)
{
    if (weights == 1)
        return 0;
    int64_t inner = 1;
    for (int64_t d = 2; d < self.dim(); ++d)
        inner *= self.sizes()[size_t(d)];
    return (i / inner) % weights;
}

/// prelu_backward_cpu: the input's gradient and the weight's, summed from a collector
/// (fill_ with its total for a shared weight, sum over every dim but 1 otherwise).
variable_list preluBackwardKernel(const Tensor& grad, const Tensor& selfIn, const Tensor& weightIn)
{
    const Tensor self = kernel::dense(selfIn), weight = kernel::dense(weightIn);
    const Tensor g = kernel::dense(grad.sizes() == self.sizes() ? grad : expand(grad, self.sizes()));
    const int64_t weights = weight.numel();
    Tensor inputGrad, collector;
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "prelu_backward_cpu");
    AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "prelu_backward_cpu", [&] {
        using T = scalar_t;
        inputGrad = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        collector = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        const T* x = self.data<T>();
        const T* w = weight.data<T>();
        const T* gp = g.data<T>();
        for (int64_t i = 0; i < self.numel(); ++i) {
            const T wv = w[preluChannel(self, weights, i)];
            inputGrad.data<T>()[i] = x[i] > T(0) ? gp[i] : wv * gp[i];
            collector.data<T>()[i] = x[i] > T(0) ? T(0) : x[i] * gp[i];
        }
    });
    Tensor weightGrad;
    if (weights == 1) {
        weightGrad = expand(sum(collector), weightIn.sizes());
        weightGrad = kernel::dense(weightGrad);
    } else {
        IntList dims{0};
        for (int64_t d = 2; d < self.dim(); ++d)
            dims.push_back(d);
        weightGrad = sum(collector, dims);
    }
    // input_grad is empty_like(self, self.suggest_memory_format()); the collector is contiguous.
    return {laidOutAsSuggested(inputGrad, selfIn), weightGrad};
}

/// A backward kernel's result, computed without recording the ops it may call.
template <typename Kernel>
auto withoutGrad(Kernel kernel)
{
    GradModeGuard noGrad(false);
    return kernel();
}

/// threshold_backward, leaky_relu_backward, hardshrink_backward and softshrink_backward are
/// linear in grad and flat in self: their node passes on the backward of grad and
/// zeros_like(grad) for self, saving self and one number. `forwardRule` is derivatives.yaml's
/// `result:` formula, the same op applied to grad_output's tangent.
Tensor recordLinearInGrad(const char* nodeName, const Tensor& grad, const Tensor& self, const char* numberName,
                          Scalar number, Tensor out, Tensor (*backward)(const Tensor&, const Tensor&, Scalar),
                          ForwardRule forwardRule)
{
    OpRecorder rec(nodeName, {&grad, &self}, [number, backward](BackwardNode& n, const variable_list& g) {
        return variable_list{n.needsInputGrad(0) ? backward(g[0], n.saved(0), number) : Tensor(),
                             n.needsInputGrad(1) ? zerosLike(g[0]) : Tensor()};
    });
    rec.save("self", self);
    rec.attr(numberName, scalarAttr(number));
    rec.forward(std::move(forwardRule));
    return rec.finish(std::move(out));
}

/// hardshrink_backward's and softshrink_backward's forward formula:
/// where(self_p > lambd or self_p < -lambd, grad_output_t, zeros({}).expand_as(result)).
Tensor shrinkTangent(const Tensor& gradOutputTangent, const Tensor& self, Scalar lambd, const Tensor& result)
{
    const Tensor outside = logical(compare(self, lambd, CompareOp::Gt),
                                   compare(self, Scalar(-lambd.toDouble()), CompareOp::Lt), LogicalOp::Or);
    return where(outside, gradOutputTangent, expand(zeros({}, result.dtype(), result.device()), result.sizes()));
}

/// elu's numbers as EluBackward0/1 and EluBackwardBackward0 keep them.
void recordEluCoefficients(OpRecorder& rec, const internal::EluCoefficients& c)
{
    rec.attr("alpha", scalarAttr(c.alpha));
    rec.attr("scale", scalarAttr(c.scale));
    rec.attr("input_scale", scalarAttr(c.inputScale));
}

}  // namespace

namespace internal {

Tensor hardsigmoidValues(const Tensor& self)
{
    return arithmeticUnary(self, "hardsigmoid_cpu", [](auto x) {
        using T = decltype(x);
        return std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
    }, BFloat16Kernel::InFloat);
}

Tensor hardswishValues(const Tensor& self)
{
    return arithmeticUnary(self, "hardswish_cpu", [](auto x) {
        using T = decltype(x);
        return x * std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
    }, BFloat16Kernel::InFloat);
}

Tensor mishValues(const Tensor& self)
{
    return twoBodyUnary(self, "mish_cpu", [](const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(x[0])>;
        std::vector<T> e, l, t;
        const bool sleefDone = sleefMap(sleef::Function::Exp, x, e) && sleefMap(sleef::Function::Log1p, e, l) &&
                               sleefMap(sleef::Function::Tanh, l, t);
        for (size_t i = 0; i < x.size(); ++i)
            o[i] = x[i] * (sleefDone && vector[i] ? t[i] : std::tanh(std::log1p(std::exp(x[i]))));
    });
}

Tensor hardsigmoidBackward(const Tensor& grad, const Tensor& self)
{
    OpRecorder rec = notImplementedRecorder("hardsigmoid_backward", {&grad, &self});
    return rec.finish(withoutGrad([&] { return hardsigmoidBackwardKernel(grad, self); }));
}

Tensor hardswishBackward(const Tensor& grad, const Tensor& self)
{
    Tensor out = withoutGrad([&] { return hardswishBackwardKernel(grad, self); });
    OpRecorder rec("HardswishBackwardBackward0", {&grad, &self}, [](BackwardNode& n, const variable_list& g) {
        const Tensor self = n.saved(0), gradOutput = n.saved(1);
        return variable_list{n.needsInputGrad(0) ? hardswishBackward(g[0], self) : Tensor(),
                             n.needsInputGrad(1) ? hardswishDoubleBackward(g[0], gradOutput, self) : Tensor()};
    });
    rec.save("self", self);
    rec.save("grad_output", grad);
    return rec.finish(out);
}

Tensor mishBackward(const Tensor& grad, const Tensor& self)
{
    if (!GradMode::isEnabled())
        return mishBackwardKernel(grad, self);
    return infinitelyDifferentiableMishBackward(grad, self);
}

Tensor siluValues(const Tensor& self)
{
    const bool roundEachStep = self.dtype() == ScalarType::BFloat16;
    return twoBodyUnary(self, "silu_cpu", [roundEachStep](const auto& x, const auto& vector, auto* o) {
        using T = std::decay_t<decltype(x[0])>;
        const auto r = [roundEachStep](T v) { return roundEachStep ? T(float(BFloat16(float(v)))) : v; };
        std::vector<T> negX(x.size()), e;
        for (size_t i = 0; i < x.size(); ++i)
            negX[i] = -x[i];
        const bool sleefDone = sleefMap(sleef::Function::Exp, negX, e);
        for (size_t i = 0; i < x.size(); ++i)
            o[i] = x[i] / r(T(1) + r(sleefDone && vector[i] ? e[i] : std::exp(-x[i])));
    }, BFloat16Kernel::InFloat);
}

Tensor siluBackward(const Tensor& grad, const Tensor& self)
{
    if (!GradMode::isEnabled())
        return siluBackwardKernel(grad, self);
    return infinitelyDifferentiableSiluBackward(grad, self);
}

Tensor eluResultValues(const Tensor& self, const EluCoefficients& c)
{
    return eluValues(self, c);
}

Tensor eluBackward(const Tensor& grad, const EluCoefficients& c, bool isResult, const Tensor& selfOrResult)
{
    AGV_CHECK(!isResult || c.alpha.toDouble() >= 0, RuntimeError,
              "In-place elu backward calculation is triggered with a negative slope which is not supported. This is "
              "caused by calling in-place forward function with a negative slope, please call out-of-place version "
              "instead.");
    Tensor out = withoutGrad([&] {
        return isResult ? eluResultBackwardKernel(grad, selfOrResult, c) : eluBackwardKernel(grad, selfOrResult, c);
    });
    OpRecorder rec("EluBackwardBackward0", {&grad, &selfOrResult}, [c, isResult](BackwardNode& n, const variable_list& g) {
        const Tensor selfOrResult = n.saved(0), gradOutput = n.saved(1);
        return variable_list{
            n.needsInputGrad(0) ? eluBackward(g[0], c, isResult, selfOrResult) : Tensor(),
            n.needsInputGrad(1) ? eluDoubleBackward(g[0], gradOutput, c, isResult, selfOrResult) : Tensor()};
    });
    recordEluCoefficients(rec, c);
    rec.attr("is_result", isResult);
    rec.save("self_or_result", selfOrResult);
    rec.save("grad_output", grad);
    // derivatives.yaml: elu_backward(grad_output_t, ..., self_or_result_p)
    //                   + elu_double_backward(self_or_result_t, grad_output_p, ..., self_or_result_p)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return add(eluBackward(t[0], c, isResult, selfOrResult),
                   eluDoubleBackward(t[1], grad, c, isResult, selfOrResult));
    });
    return rec.finish(out);
}

Tensor thresholdValues(const Tensor& self, Scalar threshold, Scalar value)
{
    if (self.dtype() == ScalarType::Bool)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "threshold_cpu");
    if (self.dtype() == ScalarType::BFloat16)  // AT_DISPATCH_ALL_TYPES_AND(kBFloat16): the Scalars as BFloat16
        return arithmeticUnary(
            self, "threshold_cpu",
            [&](auto x) {
                using T = decltype(x);
                return x <= scalarAs<T>(threshold) ? scalarAs<T>(value) : x;
            },
            BFloat16Kernel::Native);
    return AGV_DISPATCH_ALL(self.dtype(), "threshold_cpu", [&] {
        using T = scalar_t;
        const T th = scalarAs<T>(threshold), v = scalarAs<T>(value);
        return kernel::mapUnary<T, T>(self, self.dtype(), [th, v](T x) { return x <= th ? v : x; });
    });
}

Tensor thresholdBackward(const Tensor& grad, const Tensor& self, Scalar threshold)
{
    // derivatives.yaml: zeros_like(self_t) + threshold_backward(grad_output_t, self_p, threshold):
    // the sum with zeros makes a masked -0 a +0.
    return recordLinearInGrad("ThresholdBackwardBackward0", grad, self, "threshold", threshold,
                              withoutGrad([&] { return thresholdBackwardKernel(grad, self, threshold); }),
                              thresholdBackward, [threshold](const InputTangents& t, const Tensor&) {
                                  const Tensor masked = thresholdBackward(t[0], t.primal(1), threshold);
                                  return t.isZero(1) ? masked : add(zerosLike(t[1]), masked);
                              });
}

Tensor leakyReluBackward(const Tensor& grad, const Tensor& self, Scalar negativeSlope)
{
    // derivatives.yaml: leaky_relu_backward(grad_output_t, self_p, negative_slope, false); of a
    // zero grad_output_t a zero tensor, which unpack_dual reads as no tangent.
    return recordLinearInGrad("LeakyReluBackwardBackward0", grad, self, "negative_slope", negativeSlope,
                              withoutGrad([&] { return leakyReluBackwardKernel(grad, self, negativeSlope); }),
                              leakyReluBackward, [negativeSlope](const InputTangents& t, const Tensor&) {
                                  return t.isZero(0) ? Tensor() : leakyReluBackward(t[0], t.primal(1), negativeSlope);
                              });
}

Tensor gluBackward(const Tensor& grad, const Tensor& self, int64_t dim)
{
    Tensor out = withoutGrad([&] { return gluBackwardKernel(grad, self, wrapDim(dim, self.dim())); });
    OpRecorder rec("GluBackwardBackward0", {&grad, &self}, [dim](BackwardNode& n, const variable_list& g) {
        const Tensor self = n.saved(0), gradOutput = n.saved(1);
        return variable_list{n.needsInputGrad(0) ? gluDoubleBackwardGradOutput(g[0], self, dim) : Tensor(),
                             n.needsInputGrad(1) ? gluDoubleBackward(g[0], gradOutput, self, dim) : Tensor()};
    });
    rec.save("self", self);
    rec.attr("dim", UnsignedAttr{dim});
    rec.save("grad_output", grad);
    return rec.finish(out);
}

}  // namespace internal

namespace {

Tensor hardshrinkBackward(const Tensor& grad, const Tensor& self, Scalar lambd)
{
    // derivatives.yaml: where(self_p > lambd or self_p < -lambd, grad_out_t, 0)
    return recordLinearInGrad("HardshrinkBackwardBackward0", grad, self, "lambd", lambd,
                              withoutGrad([&] { return shrinkBackwardKernel(grad, self, lambd); }), hardshrinkBackward,
                              [lambd](const InputTangents& t, const Tensor& result) {
                                  return shrinkTangent(t[0], t.primal(1), lambd, result);
                              });
}

Tensor softshrinkBackward(const Tensor& grad, const Tensor& self, Scalar lambd)
{
    // derivatives.yaml: where(self_p > lambd or self_p < -lambd, grad_output_t, 0)
    return recordLinearInGrad("SoftshrinkBackwardBackward0", grad, self, "lambd", lambd,
                              withoutGrad([&] { return shrinkBackwardKernel(grad, self, lambd); }), softshrinkBackward,
                              [lambd](const InputTangents& t, const Tensor& result) {
                                  return shrinkTangent(t[0], t.primal(1), lambd, result);
                              });
}

/// softplus_backward (SoftplusBackwardBackward0).
Tensor softplusBackward(const Tensor& grad, const Tensor& self, Scalar beta, Scalar threshold)
{
    Tensor out = withoutGrad([&] { return softplusBackwardKernel(grad, self, beta.toDouble(), threshold.toDouble()); });
    OpRecorder rec("SoftplusBackwardBackward0", {&grad, &self}, [beta, threshold](BackwardNode& n, const variable_list& g) {
        const Tensor self = n.saved(0), gradOutput = n.saved(1);
        return variable_list{
            n.needsInputGrad(0) ? softplusBackward(g[0], self, beta, threshold) : Tensor(),
            n.needsInputGrad(1) ? internal::softplusDoubleBackward(mul(g[0], gradOutput), self, beta, threshold)
                                : Tensor()};
    });
    rec.save("self", self);
    rec.attr("beta", scalarAttr(beta));
    rec.attr("threshold", scalarAttr(threshold));
    rec.save("grad_output", grad);
    return rec.finish(out);
}

/// prelu_backward: the input's and the weight's gradients from one node (PreluBackwardBackward0).
variable_list preluBackward(const Tensor& grad, const Tensor& self, const Tensor& weight)
{
    TensorList out = withoutGrad([&] { return preluBackwardKernel(grad, self, weight); });
    OpRecorder rec("PreluBackwardBackward0", {&grad, &self, &weight}, [](BackwardNode& n, const variable_list& g) {
        auto incoming = [&g](size_t i) { return i < g.size() ? g[i] : Tensor(); };
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1); const Tensor saved2 = n.saved(2);
        return internal::preluDoubleBackward(incoming(0), incoming(1), saved0, saved1, saved2);
    });
    rec.save("grad_output", grad);
    rec.save("self", self);
    rec.save("weight", weight);
    return rec.finish(out);
}

}  // namespace

Tensor silu(const Tensor& self)
{
    Tensor out = internal::siluValues(self);
    OpRecorder rec("SiluBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::siluBackward(g[0], n.saved(0))};
    });
    rec.save("self", self);
    // auto_element_wise: the backward formula with self_t as grad
    rec.forward([&self](const InputTangents& t, const Tensor&) { return internal::siluBackward(t[0], self); });
    return rec.finish(out);
}

Tensor elu(const Tensor& self, Scalar alpha, Scalar scale, Scalar inputScale)
{
    const internal::EluCoefficients c{alpha, scale, inputScale};
    Tensor out = eluValues(self, c);
    OpRecorder rec("EluBackward0", {&self}, [c](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::eluBackward(g[0], c, false, n.saved(0))};
    });
    rec.save("self", self);
    recordEluCoefficients(rec, c);
    // auto_element_wise: elu_backward(self_t, alpha, scale, input_scale, false, self_p)
    rec.forward([&self, c](const InputTangents& t, const Tensor&) { return internal::eluBackward(t[0], c, false, self); });
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
    }, BFloat16Kernel::InFloat);
    OpRecorder rec("SoftplusBackward0", {&self}, [beta, threshold](BackwardNode& n, const variable_list& g) {
        return variable_list{softplusBackward(g[0], n.saved(0), beta, threshold)};
    });
    rec.save("self", self);
    rec.attr("beta", beta.isFloating() ? SavedAttr(b) : SavedAttr(beta.toInt()));
    rec.attr("threshold", threshold.isFloating() ? SavedAttr(th) : SavedAttr(threshold.toInt()));
    // auto_element_wise: softplus_backward(self_t, self_p, beta, threshold)
    rec.forward([&self, beta, threshold](const InputTangents& t, const Tensor&) {
        return softplusBackward(t[0], self, beta, threshold);
    });
    return rec.finish(out);
}


Tensor celu(const Tensor& self, Scalar alpha)
{
    const double a = alpha.toDouble();
    AGV_CHECK(a != 0, RuntimeError, "ZeroDivisionError: alpha cannot be 0 for CELU");
    Tensor out = eluValues(self, {alpha, 1.0, 1.0 / a});
    // derivatives.yaml: elu_backward(grad, alpha, 1, 1.0 / alpha.toFloat(), false, self)
    const internal::EluCoefficients backwardCoefficients{alpha, 1, 1.0 / double(float(a))};
    OpRecorder rec("CeluBackward0", {&self}, [backwardCoefficients](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::eluBackward(g[0], backwardCoefficients, false, n.saved(0))};
    });
    rec.save("self", self);
    rec.attr("alpha", scalarAttr(alpha));
    rec.forward([&self, backwardCoefficients](const InputTangents& t, const Tensor&) {
        return eluBackwardKernel(t[0], self, backwardCoefficients);
    });
    return rec.finish(out);
}

Tensor threshold(const Tensor& self, Scalar threshold, Scalar value)
{
    Tensor out = internal::thresholdValues(self, threshold, value);
    OpRecorder rec("ThresholdBackward0", {&self}, [threshold](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::thresholdBackward(g[0], n.saved(0), threshold)};
    });
    rec.save("self", self);
    rec.attr("threshold", scalarAttr(threshold));
    rec.forward([&self, threshold](const InputTangents& t, const Tensor&) {
        return thresholdBackwardKernel(t[0], self, threshold);
    });
    return rec.finish(out);
}

Tensor hardshrink(const Tensor& self, Scalar lambd)
{
    Tensor out = arithmeticUnary(self, "hardshrink_cpu", [lambd](auto x) {
        using T = decltype(x);
        const T l = scalarAs<T>(lambd);
        return x >= -l && x <= l ? T(0) : x;
    }, BFloat16Kernel::Native);
    OpRecorder rec("HardshrinkBackward0", {&self}, [lambd](BackwardNode& n, const variable_list& g) {
        return variable_list{hardshrinkBackward(g[0], n.saved(0), lambd)};
    });
    rec.save("self", self);
    rec.attr("lambd", scalarAttr(lambd));
    rec.forward([&self, lambd](const InputTangents& t, const Tensor&) { return shrinkBackwardKernel(t[0], self, lambd); });
    return rec.finish(out);
}

Tensor softshrink(const Tensor& self, Scalar lambd)
{
    std::ostringstream shown;
    if (lambd.isFloating())
        shown << lambd.toDouble();
    else
        shown << lambd.toInt();
    AGV_CHECK(lambd.toDouble() >= 0, RuntimeError, "lambda must be greater or equal to 0, but found to be ", shown.str(),
              ".");
    Tensor out = arithmeticUnary(self, "softshrink_cpu", [lambd](auto x) {
        using T = decltype(x);
        const T l = scalarAs<T>(lambd);
        return x > l ? x - l : (x < -l ? x + l : T(0));
    }, BFloat16Kernel::InFloat);
    OpRecorder rec("SoftshrinkBackward0", {&self}, [lambd](BackwardNode& n, const variable_list& g) {
        return variable_list{softshrinkBackward(g[0], n.saved(0), lambd)};
    });
    rec.save("self", self);
    rec.attr("lambd", scalarAttr(lambd));
    rec.forward([&self, lambd](const InputTangents& t, const Tensor&) { return shrinkBackwardKernel(t[0], self, lambd); });
    return rec.finish(out);
}

namespace {

/// An activation whose node saves only self and whose gradient and tangent are one
/// function of (grad, self): HardsigmoidBackward0, HardswishBackward0, MishBackward0. The
/// gradient goes through the differentiable backward, the tangent through the kernel.
Tensor recordWithSelf(const char* nodeName, const Tensor& self, Tensor out,
                      Tensor (*backward)(const Tensor&, const Tensor&),
                      Tensor (*backwardKernel)(const Tensor&, const Tensor&))
{
    OpRecorder rec(nodeName, {&self}, [backward](BackwardNode& n, const variable_list& g) {
        return variable_list{backward(g[0], n.saved(0))};
    });
    rec.save("self", self);
    rec.forward([&self, backwardKernel](const InputTangents& t, const Tensor&) { return backwardKernel(t[0], self); });
    return rec.finish(std::move(out));
}

}  // namespace

Tensor hardsigmoid(const Tensor& self)
{
    return recordWithSelf("HardsigmoidBackward0", self, internal::hardsigmoidValues(self), internal::hardsigmoidBackward,
                          hardsigmoidBackwardKernel);
}

Tensor hardswish(const Tensor& self)
{
    return recordWithSelf("HardswishBackward0", self, internal::hardswishValues(self), internal::hardswishBackward,
                          hardswishBackwardKernel);
}

Tensor mish(const Tensor& self)
{
    return recordWithSelf("MishBackward0", self, internal::mishValues(self), internal::mishBackward,
                          mishBackwardKernel);
}

Tensor glu(const Tensor& self, int64_t dimIn)
{
    AGV_CHECK(self.dim() > 0, RuntimeError, "glu does not support scalars because halving size must be even");
    const int64_t dim = wrapDim(dimIn, self.dim());
    const int64_t size = self.sizes()[size_t(dim)];
    AGV_CHECK(size % 2 == 0, RuntimeError, "Halving dimension must be even, but dimension ", dim, " is size ", size);
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "glu_cpu");
    Tensor out = AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "glu_cpu", [&] {
        using T = scalar_t;
        // bfloat16: both bodies compute a * sigmoid(b) in float and round once.
        using C = std::conditional_t<kIsReducedFloat<T>, float, T>;
        const GluHalves h = gluHalves(self.sizes(), self.strides(), dim);
        const T* x = self.data<T>();
        std::vector<C> negB(h.offsets.size()), e;
        for (size_t i = 0; i < negB.size(); ++i)
            negB[i] = -C(x[h.offsets[i] + h.shift]);
        const bool sleefDone = sleefMap(sleef::Function::Exp, negB, e);
        const std::vector<bool> vector =
            kernel::vectorizedElements(h.shape, {IntList{}, self.strides(), self.strides()}, int64_t(32 / sizeof(T)));
        Tensor result = kernel::newTensor(h.shape, self.dtype(), self.device());
        for (size_t i = 0; i < negB.size(); ++i)
            result.data<T>()[i] =
                T(C(x[h.offsets[i]]) * (C(1) / (C(1) + (sleefDone && vector[i] ? e[i] : std::exp(negB[i])))));
        return result;
    });
    {
        // glu's iterator lays its output out as the two halves, self.narrow(dim, 0, n) and
        // self.narrow(dim, n, n), are laid out (Note [Output layout of elementwise ops]): a
        // channels-last input's result is channels last.
        const GluHalves h = gluHalves(self.sizes(), self.strides(), dim);
        auto half = [&](int64_t shift) {
            return Tensor(std::make_shared<TensorImpl>(self.impl()->storage(), self.dtype(), h.shape, self.strides(),
                                                       self.offset() + shift, self.impl()->versionCounter()));
        };
        const Tensor first = half(0), second = half(h.shift);
        out = kernel::withStrides(out, elementwiseOutputStrides(h.shape, {&first, &second}));
    }
    OpRecorder rec("GluBackward0", {&self}, [dimIn](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::gluBackward(g[0], n.saved(0), dimIn)};
    });
    rec.save("self", self);
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    return rec.finish(out);
}

Tensor clampMin(const Tensor& self, Scalar min)
{
    Tensor out = internal::clampMinValues(self, min);
    OpRecorder rec("ClampMinBackward0", {&self}, [min](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::clampMinBackward(g[0], n.saved(0), min)};  // where(self >= min, grad, 0)
    });
    rec.save("self", self);
    rec.attr("min", scalarAttr(min));
    rec.forward([min](const InputTangents& t, const Tensor&) { return internal::clampMinBackward(t[0], t.primal(0), min); });
    return rec.finish(out);
}

Tensor prelu(const Tensor& self, const Tensor& weight)
{
    const int64_t weights = weight.numel();
    if (weights != 1) {
        AGV_CHECK(self.dim() > 0, RuntimeError, "Not allow zero-dim input tensor.");
        const int64_t channels = self.dim() > 1 ? self.sizes()[1] : 1;
        AGV_CHECK(channels == weights, RuntimeError,
                  "Mismatch of parameter numbers and input channel size. Found parameter numbers = ", weights,
                  " and channel size = ", channels, ".");
    }
    AGV_CHECK(weight.dim() <= 1, RuntimeError, "prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = ",
              weight.dim());
    AGV_CHECK(weight.dtype() == self.dtype(), RuntimeError, "expected scalar type ", dtypeName(self.dtype()),
              " but found ", dtypeName(weight.dtype()));
    // bfloat16 too (w * x rounded once), float16 not.
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "prelu_cpu");
    Tensor out = AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "prelu_cpu", [&] {
        using T = scalar_t;
        const Tensor x = kernel::dense(self), w = kernel::dense(weight);
        Tensor result = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        for (int64_t i = 0; i < x.numel(); ++i) {
            const T v = x.data<T>()[i];
            result.data<T>()[i] = v > T(0) ? v : w.data<T>()[preluChannel(x, weights, i)] * v;
        }
        return result;
    });
    out = laidOutAsSuggested(out, self);  // empty_like(self, self.suggest_memory_format())
    OpRecorder rec("PreluBackward0", {&self, &weight}, [](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return preluBackward(g[0], saved0, saved1);
    });
    rec.save("self", self);
    rec.save("weight", weight);
    // prelu_jvp: where(x >= 0, x_t, w * x_t + w_t * x), the weight along dim 1 (one weight
    // broadcast over all when it has a single element)
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor& x = t.primal(0);
        const Tensor& w = t.primal(1);
        IntList weightSizes(size_t(x.dim()), 1);
        if (x.dim() >= 2 && w.dim() == 1)
            weightSizes[1] = w.sizes()[0];
        const Tensor slope = reshape(w, weightSizes), slopeTangent = reshape(t[1], weightSizes);
        const Tensor negative = addTangentTerms(mul(slope, t[0]), t.isZero(0), mul(slopeTangent, x), t.isZero(1));
        return where(compare(x, Scalar(0), CompareOp::Ge), t[0], negative);
    });
    return rec.finish(out);
}

}  // namespace agv::ops

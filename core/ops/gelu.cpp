// GELU as PyTorch 1.13 computes it on the CPU. A contiguous float32 tensor of more than
// one element goes to oneDNN's eltwise_gelu_erf (PyTorch's use_mkldnn path) for the
// exact form, forward and backward; everything else runs GeluKernelImpl /
// GeluBackwardKernelImpl as cpu_kernel_vec does: vector bodies over whole pairs of
// vectors (SLEEF's erf, tanh and exp), the scalar body for the rest and for strided
// inputs. GCC builds those kernels with -mfma and fuses `a + b * c` where the product
// has no other use; std::fma stands in for each such fusion.

#include <cmath>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/onednn_engine.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/vectorized_loop.h"

namespace agv::ops {

namespace {

using sleef::Function;

/// sqrt(2/pi) and 0.044715 (tanh form); 1/sqrt(2) and 1/sqrt(2 pi) (exact form).
constexpr double kTanhBeta = M_SQRT2 * M_2_SQRTPI * 0.5;
constexpr double kKappa = 0.044715;
constexpr double kErfAlpha = M_SQRT1_2;
constexpr double kPdfBeta = M_2_SQRTPI * M_SQRT1_2 * 0.5;

template <typename T>
constexpr int64_t kPairLanes = 2 * int64_t(32 / sizeof(T));

/// GeluKernelImpl over [0, n): vector body for whole pairs of vectors, scalar body after.
template <typename T>
void forwardRun(const T* x, T* out, int64_t n, bool tanhForm, bool vectorised)
{
    const int64_t vectorEnd = vectorised && sleef::available() ? n - n % kPairLanes<T> : 0;
    std::vector<T> inner(static_cast<size_t>(vectorEnd));
    for (int64_t i = 0; i < vectorEnd; ++i) {
        const T v = x[i];
        inner[size_t(i)] = tanhForm ? T(kTanhBeta) * std::fma(T(kKappa), v * v * v, v) : v * T(kErfAlpha);
    }
    sleef::apply(tanhForm ? Function::Tanh : Function::Erf, inner.data(), inner.data(), vectorEnd);
    for (int64_t i = 0; i < vectorEnd; ++i)
        out[i] = tanhForm ? T(0.5) * x[i] * (T(1) + inner[size_t(i)]) : x[i] * T(0.5) * (T(1) + inner[size_t(i)]);
    for (int64_t i = vectorEnd; i < n; ++i) {
        const T v = x[i];
        if (tanhForm) {
            const T cube = v * v * v;
            out[i] = T(0.5) * v * (T(1) + std::tanh(T(kTanhBeta) * std::fma(T(kKappa), cube, v)));
        } else {
            out[i] = v * T(0.5) * (T(1) + std::erf(v * T(kErfAlpha)));
        }
    }
}

/// GeluBackwardKernelImpl: dy * d gelu / dx. `vectorBody` flags the elements 1.13's
/// cpu_kernel_vec gives its Vectorized body (kernel::vectorizedElements: a gradient that
/// is a broadcast scalar, as sum()'s is, still takes it).
template <typename T>
void backwardRun(const T* dy, const T* x, T* out, int64_t n, bool tanhForm, const std::vector<bool>& vectorBody)
{
    // left_derivative + right_derivative comes out unfused in both bodies (measured).
    auto tanhDerivative = [](T v, T tanhInner) {
        const T xSq = v * v;
        const T left = T(0.5) * v;
        const T right = T(1) + tanhInner;
        const T leftDerivative = T(0.5) * right;
        const T tanhDerivative = std::fma(-tanhInner, tanhInner, T(1));
        const T innerDerivative = T(kTanhBeta) * std::fma(T(3) * T(kKappa), xSq, T(1));
        return leftDerivative + left * tanhDerivative * innerDerivative;
    };
    const bool vectorised = sleef::available();
    std::vector<int64_t> vectorElements;
    if (vectorised)
        for (int64_t i = 0; i < n; ++i)
            if (vectorBody[size_t(i)])
                vectorElements.push_back(i);
    const size_t m = vectorElements.size();
    std::vector<T> special(m), gauss(m);
    for (size_t k = 0; k < m; ++k) {
        const T v = x[vectorElements[k]];
        if (tanhForm) {
            special[k] = T(kTanhBeta) * std::fma(T(kKappa), v * v * v, v);
        } else {
            special[k] = v * T(kErfAlpha);
            gauss[k] = v * v * T(-0.5);
        }
    }
    // SLEEF is elementwise: gathering the vector body's elements keeps every lane's value.
    sleef::apply(tanhForm ? Function::Tanh : Function::Erf, special.data(), special.data(), int64_t(m));
    if (!tanhForm)
        sleef::apply(Function::Exp, gauss.data(), gauss.data(), int64_t(m));
    for (size_t k = 0; k < m; ++k) {
        const int64_t i = vectorElements[k];
        const T v = x[i];
        if (tanhForm) {
            out[i] = dy[i] * tanhDerivative(v, special[k]);
        } else {
            const T cdf = T(0.5) * (T(1) + special[k]);
            const T pdf = T(kPdfBeta) * gauss[k];
            out[i] = dy[i] * std::fma(v, pdf, cdf);
        }
    }
    for (int64_t i = 0; i < n; ++i) {
        if (vectorised && vectorBody[size_t(i)])
            continue;
        const T v = x[i];
        if (tanhForm) {
            const T inner = T(kTanhBeta) * std::fma(T(kKappa), v * v * v, v);
            out[i] = dy[i] * tanhDerivative(v, std::tanh(inner));
        } else {
            const T cdf = T(0.5) * (T(1) + std::erf(v * T(kErfAlpha)));
            const T pdf = T(kPdfBeta) * std::exp(v * v * T(-0.5));
            out[i] = dy[i] * (cdf + v * pdf);  // unfused here, fused in the vector body (measured)
        }
    }
}

// Note [bfloat16 GELU]
// The exact form on bfloat16 goes where float32 goes: oneDNN for a contiguous tensor of
// more than one element (this machine passes mkldnn_bf16_device_check, and oneDNN
// computes in float and rounds once), otherwise the kernel's bfloat16 branch, which
// also computes in float and rounds once. The tanh form has no bfloat16 branch in
// 1.13: the kernel runs with scalar_t = BFloat16, so every multiply, add and the tanh
// round to bfloat16, in the Vectorized body (pairs of 16 lanes, SLEEF's tanh) and in
// the scalar one (glibc's) alike; the constants are bfloat16 too.

float roundToBFloat16(float v) { return float(BFloat16(v)); }

/// tanh of the tanh form's inner values: SLEEF over whole pairs of Vectorized<BFloat16>, glibc after.
void bfloat16Tanh(std::vector<float>& inner, bool vectorised)
{
    const int64_t n = int64_t(inner.size());
    const int64_t vectorEnd = vectorised && sleef::available() ? n - n % 32 : 0;
    sleef::apply(Function::Tanh, inner.data(), inner.data(), vectorEnd);
    for (int64_t i = vectorEnd; i < n; ++i)
        inner[size_t(i)] = std::tanh(inner[size_t(i)]);
    for (float& v : inner)
        v = roundToBFloat16(v);
}

/// inner = kBeta * (x + kKappa * x^3), each step rounded.
std::vector<float> bfloat16TanhInner(const BFloat16* x, int64_t n)
{
    const auto r = roundToBFloat16;
    const float beta = r(float(kTanhBeta)), kappa = r(float(kKappa));
    std::vector<float> inner(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        const float v = x[i];
        inner[size_t(i)] = r(beta * r(v + r(kappa * r(r(v * v) * v))));
    }
    return inner;
}

Tensor bfloat16TanhForward(const Tensor& t)
{
    const Tensor x = kernel::dense(t);
    const int64_t n = t.numel();
    const BFloat16* xs = x.data<BFloat16>();
    std::vector<float> tanhInner = bfloat16TanhInner(xs, n);
    bfloat16Tanh(tanhInner, t.isContiguous());
    Tensor out = kernel::newTensor(t.sizes(), t.dtype(), t.device());
    BFloat16* o = out.data<BFloat16>();
    for (int64_t i = 0; i < n; ++i) {
        const float v = xs[i];
        o[i] = BFloat16(roundToBFloat16(0.5f * v) * roundToBFloat16(1.f + tanhInner[size_t(i)]));
    }
    return kernel::asElementwiseOutput(out, {&t});
}

Tensor bfloat16TanhBackward(const Tensor& grad, const Tensor& self)
{
    const auto r = roundToBFloat16;
    const Tensor x = kernel::dense(self), dy = kernel::dense(grad);
    const int64_t n = self.numel();
    const BFloat16* xs = x.data<BFloat16>();
    const BFloat16* dys = dy.data<BFloat16>();
    std::vector<float> tanhInner = bfloat16TanhInner(xs, n);
    bfloat16Tanh(tanhInner, self.isContiguous() && grad.isContiguous());
    const float beta = r(float(kTanhBeta)), kappa = r(float(kKappa));
    Tensor out = kernel::newTensor(self.sizes(), self.dtype(), self.device());
    BFloat16* o = out.data<BFloat16>();
    for (int64_t i = 0; i < n; ++i) {
        const float v = xs[i], t = tanhInner[size_t(i)];
        const float left = r(0.5f * v), right = r(1.f + t);
        const float leftDerivative = r(0.5f * right);
        const float tanhDerivative = r(1.f - r(t * t));
        const float innerDerivative = r(beta * r(1.f + r(r(3.f * kappa) * r(v * v))));
        const float rightDerivative = r(r(left * tanhDerivative) * innerDerivative);
        o[i] = BFloat16(float(dys[i]) * r(leftDerivative + rightDerivative));
    }
    return kernel::asElementwiseOutput(out, {&self});
}

/// PyTorch's use_mkldnn(input) for GELU: float32, contiguous, more than one element.
bool viaOneDnn(const Tensor& t, bool tanhForm)
{
    return !tanhForm && t.dtype() == ScalarType::Float32 && t.isContiguous() && t.numel() > 1;
}

dnnl::memory flatMemory(const Tensor& t)
{
    const dnnl::memory::desc desc({t.numel()}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::a);
    return dnnl::memory(desc, onednn::cpuEngine(), t.rawData());
}

dnnl::eltwise_forward::primitive_desc oneDnnForwardDesc(const dnnl::memory& src)
{
    const dnnl::eltwise_forward::desc desc(dnnl::prop_kind::forward_training, dnnl::algorithm::eltwise_gelu_erf,
                                           src.get_desc(), 0.f, 0.f);
    return dnnl::eltwise_forward::primitive_desc(desc, onednn::cpuEngine());
}

Tensor oneDnnForward(const Tensor& x)
{
    Tensor out = kernel::newTensor(x.sizes(), x.dtype(), x.device());
    const dnnl::memory src = flatMemory(x), dst = flatMemory(out);
    const auto pd = oneDnnForwardDesc(src);
    onednn::runAndWait(dnnl::eltwise_forward(pd), {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}});
    return out;
}

Tensor oneDnnBackward(const Tensor& grad, const Tensor& x)
{
    const Tensor dy = kernel::dense(grad);
    Tensor out = kernel::newTensor(x.sizes(), x.dtype(), x.device());
    const dnnl::memory src = flatMemory(x), diffDst = flatMemory(dy), diffSrc = flatMemory(out);
    const dnnl::eltwise_backward::desc desc(dnnl::algorithm::eltwise_gelu_erf, diffDst.get_desc(), src.get_desc(),
                                            0.f, 0.f);
    const dnnl::eltwise_backward::primitive_desc pd(desc, onednn::cpuEngine(), oneDnnForwardDesc(src));
    onednn::runAndWait(dnnl::eltwise_backward(pd),
                       {{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, diffDst}, {DNNL_ARG_DIFF_SRC, diffSrc}});
    return out;
}

void checkGeluType(const Tensor& t, const char* kernelName)
{
    AGV_CHECK(t.dtype() == ScalarType::Float32 || t.dtype() == ScalarType::Float64 || t.dtype() == ScalarType::BFloat16,
              RuntimeError, "\"", kernelName,
              "\" not implemented for '", legacyDtypeShortName(t.dtype()), "'");
}

Tensor forwardValues(const Tensor& t, bool tanhForm)
{
    checkGeluType(t, "GeluKernelImpl");
    if (t.dtype() == ScalarType::BFloat16)  // Note [bfloat16 GELU]
        return tanhForm ? bfloat16TanhForward(t)
                        : kernel::convert(forwardValues(kernel::convert(t, ScalarType::Float32), false),
                                          ScalarType::BFloat16);
    if (viaOneDnn(t, tanhForm)) {
        // An inference tensor used outside inference_mode reaches the kernel with autograd
        // still in the dispatch set, which 1.13's oneDNN view of the tensor asserts against.
        AGV_CHECK(!t.impl()->isInference() || InferenceMode::isEnabled(), RuntimeError,
                  "at::impl::variable_excluded_from_dispatch() INTERNAL ASSERT FAILED at "
                  "\"./aten/src/ATen/native/mkldnn/MKLDNNCommon.cpp\":89, please report a bug to PyTorch. ");
        return oneDnnForward(t);
    }
    if (!t.isContiguous() && isNonOverlappingAndDense(t)) {
        // A dense permuted input (x.t()): TensorIterator walks it in memory order as one
        // contiguous run, so the vectorized body covers it as it covers a contiguous one.
        const Tensor in = kernel::withStrides(t, elementwiseOutputStrides(t.sizes(), {&t}));
        Tensor out = kernel::newTensorLaidOutAs(in, t.dtype());
        AGV_DISPATCH_FLOATING(t.dtype(), "GeluKernelImpl", [&] {
            using T = scalar_t;
            forwardRun(in.data<T>(), out.data<T>(), t.numel(), tanhForm, true);
        });
        return out;
    }
    const Tensor x = kernel::dense(t);
    Tensor out = kernel::newTensor(t.sizes(), t.dtype(), t.device());
    AGV_DISPATCH_FLOATING(t.dtype(), "GeluKernelImpl", [&] {
        using T = scalar_t;
        forwardRun(x.data<T>(), out.data<T>(), t.numel(), tanhForm, t.isContiguous());
    });
    return kernel::asElementwiseOutput(out, {&t});
}

Tensor geluBackward(const Tensor& grad, const Tensor& self, const std::string& approximate)
{
    const bool tanhForm = approximate == "tanh";
    checkGeluType(self, "GeluBackwardKernelImpl");
    AGV_CHECK(grad.dtype() == self.dtype() && grad.sizes() == self.sizes(), RuntimeError,
              "gelu_backward: grad and self differ in dtype or shape");
    Tensor gradInput;
    if (self.dtype() == ScalarType::BFloat16) {  // Note [bfloat16 GELU]
        gradInput = tanhForm ? bfloat16TanhBackward(grad, self)
                             : [&] {
                                   const GradModeGuard noGrad(false);
                                   return kernel::convert(geluBackward(kernel::convert(grad, ScalarType::Float32),
                                                                       kernel::convert(self, ScalarType::Float32),
                                                                       approximate),
                                                          ScalarType::BFloat16);
                               }();
    } else if (viaOneDnn(self, tanhForm)) {
        gradInput = oneDnnBackward(grad, self);
    } else {
        const Tensor x = kernel::dense(self), dy = kernel::dense(grad);
        gradInput = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        AGV_DISPATCH_FLOATING(self.dtype(), "GeluBackwardKernelImpl", [&] {
            using T = scalar_t;
            const IntList shape = self.sizes();
            const std::vector<bool> vectorBody = kernel::vectorizedElements(
                shape, {IntList{}, kernel::broadcastStrides(grad, shape), kernel::broadcastStrides(self, shape)},
                int64_t(32 / sizeof(T)));
            backwardRun(dy.data<T>(), x.data<T>(), gradInput.data<T>(), self.numel(), tanhForm, vectorBody);
        });
    }
    OpRecorder rec("GeluBackwardBackward0", {&grad, &self}, [approximate, tanhForm](BackwardNode& n,
                                                                                     const variable_list& g) {
        const Tensor gradOutput = n.saved(0), input = n.saved(1), ggI = g[0];
        Tensor forSelf;
        if (n.needsInputGrad(1)) {
            // gelu_double_backward (FunctionsManual.cpp)
            Tensor dgrad;
            if (tanhForm) {
                const Tensor inner = mul(add(input, mul(pow(input, Scalar(3)), Scalar(kKappa))), Scalar(kTanhBeta));
                const Tensor tanhInner = tanh(inner);
                const Tensor f = mul(input, Scalar(0.5));
                const Tensor gFactor = rsub(mul(tanhInner, tanhInner), Scalar(1));
                // C++'s left-to-right order: kBeta * (1 + 3 * kKappa * input * input).
                const Tensor h = mul(add(mul(mul(input, Scalar(3 * kKappa)), input), Scalar(1)), Scalar(kTanhBeta));
                const Tensor fPrimeGh = mul(mul(gFactor, h), Scalar(0.5));
                // (2 sech) (-sech tanh) h with sech = 1 / cosh(inner), as 1.13 writes it: for a
                // large inner, 1 - tanh^2 cancels to a few bits where 1 / cosh does not.
                const Tensor sechInner = reciprocal(cosh(inner));
                const Tensor gPrime =
                    mul(mul(mul(sechInner, Scalar(2)), neg(mul(sechInner, tanhInner))), h);
                const Tensor hPrime = mul(mul(input, Scalar(6 * kKappa)), Scalar(kTanhBeta));
                dgrad = add(add(mul(fPrimeGh, Scalar(2)), mul(mul(f, h), gPrime)), mul(mul(f, gFactor), hPrime));
            } else {
                const Tensor inputSq = mul(input, input);
                const Tensor pdf = mul(exp(mul(inputSq, Scalar(-0.5))), Scalar(kPdfBeta));
                dgrad = sub(mul(pdf, Scalar(2)), mul(inputSq, pdf));
            }
            forSelf = mul(mul(ggI, gradOutput), dgrad);
        }
        return variable_list{n.needsInputGrad(0) ? geluBackward(ggI, input, approximate) : Tensor(), forSelf};
    });
    rec.attr("approximate", approximate);
    rec.save("grad_output", grad);
    rec.save("self", self);
    return rec.finish(gradInput);
}

}  // namespace

Tensor gelu(const Tensor& t, const std::string& approximate)
{
    const bool tanhForm = approximate == "tanh";
    AGV_CHECK(tanhForm || approximate == "none", RuntimeError, "approximate argument must be either none or tanh.");
    Tensor out = forwardValues(t, tanhForm);
    OpRecorder rec("GeluBackward0", {&t}, [approximate](BackwardNode& n, const variable_list& g) {
        return variable_list{geluBackward(g[0], n.saved(0), approximate)};
    });
    rec.save("self", t);
    rec.attr("approximate", approximate);
    // derivatives.yaml: result: gelu_backward(self_t, self_p, approximate)
    rec.forward([&t, approximate](const InputTangents& tangents, const Tensor&) {
        return geluBackward(tangents[0], t, approximate);
    });
    return rec.finish(out);
}

}  // namespace agv::ops

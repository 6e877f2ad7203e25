// Note [sigmoid and tanh kernels]
// PyTorch 1.13 (AVX2, Debian's build) computes:
//   * tanh as a VML kernel: every element through SLEEF's Sleef_tanh{d4,f8}_u10,
//     tails included (see Note [SLEEF unary loop]);
//   * sigmoid through cpu_kernel_vec with two bodies that round differently: the
//     Vectorized one (1 + exp(0 - x)).reciprocal() with SLEEF's exp, the scalar one
//     1 / (1 + std::exp(-x)) with glibc's; which elements get which is TensorIterator's
//     loop (Note [cpu_kernel_vec bodies]);
//   * sigmoid_backward(grad, y) = grad * (1 - y) * y and tanh_backward(grad, y) =
//     grad * (1 - y * y), where the AVX2 build fuses 1 - y * y into one multiply-add
//     (GCC contracts it, in both bodies).
// bfloat16 (float16 stays refused): every kernel here has a bfloat16 branch that widens to
// float, computes the float formula and rounds once; for sigmoid the two bodies split the
// elements by Vectorized<BFloat16>'s 16 lanes (Note [bfloat16 activations compute in float]).
// The backward formulas are themselves differentiable ops, whose nodes PyTorch names
// SigmoidBackwardBackward0 and TanhBackwardBackward0 (derivatives.yaml).

#include "core/ops/sigmoid_tanh.h"

#include <cmath>

#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"

namespace agv::ops {

namespace kernel {

Tensor sigmoidValues(const Tensor& in, bool inPlace)
{
    const bool bfloat16 = in.dtype() == ScalarType::BFloat16;
    Tensor x = bfloat16 ? convert(in, ScalarType::Float32) : dense(in);
    Tensor out = newTensor(in.sizes(), x.dtype(), in.device());
    AGV_DISPATCH_FLOATING(x.dtype(), "sigmoid_cpu", [&] {
        using T = scalar_t;
        const T* xs = x.data<T>();
        T* ys = out.data<T>();
        const int64_t n = in.numel();
        const int64_t lanes = bfloat16 ? int64_t(16) : int64_t(32 / sizeof(T));
        auto scalarBody = [](T v) { return T(1) / (T(1) + std::exp(-v)); };
        if (!sleef::sigmoidVectorBody(xs, ys, n)) {
            for (int64_t i = 0; i < n; ++i)
                ys[i] = scalarBody(xs[i]);
            return;
        }
        if (in.isContiguous()) {
            // One run in memory order: the vector body covers whole pairs of vectors, the
            // scalar body the rest (what vectorizedElements says, without a flag per element).
            const int64_t pair = 2 * lanes;
            for (int64_t i = n - n % pair; i < n; ++i)
                ys[i] = scalarBody(xs[i]);
            return;
        }
        const std::vector<IntList> strides = inPlace ? std::vector<IntList>{in.strides(), in.strides()}
                                                     : std::vector<IntList>{IntList{}, in.strides()};
        const std::vector<bool> vectorBody = vectorizedElements(in.sizes(), strides, lanes);
        for (int64_t i = 0; i < n; ++i)
            if (!vectorBody[size_t(i)])
                ys[i] = scalarBody(xs[i]);
    });
    return bfloat16 ? convert(out, ScalarType::BFloat16) : out;
}

Tensor tanhValues(const Tensor& in)
{
    // A VML kernel: bfloat16 through SLEEF's float tanh, every element, rounded once.
    if (in.dtype() == ScalarType::BFloat16)
        return convert(tanhValues(convert(in, ScalarType::Float32)), ScalarType::BFloat16);
    // The SLEEF path below reads float or double: float16 is refused here, as in PyTorch.
    if (in.dtype() != ScalarType::Float32 && in.dtype() != ScalarType::Float64)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(in.dtype(), "tanh_vml_cpu");
    Tensor x = dense(in);
    Tensor out = newTensor(in.sizes(), in.dtype(), in.device());
    const bool done = in.dtype() == ScalarType::Float32
                          ? sleef::apply(sleef::Function::Tanh, x.data<float>(), out.data<float>(), in.numel())
                          : sleef::apply(sleef::Function::Tanh, x.data<double>(), out.data<double>(), in.numel());
    if (!done) {
        AGV_DISPATCH_FLOATING(in.dtype(), "tanh_vml_cpu", [&] {
            using T = scalar_t;
            const T* xs = x.data<T>();
            T* ys = out.data<T>();
            for (int64_t i = 0; i < in.numel(); ++i)
                ys[i] = std::tanh(xs[i]);
        });
    }
    return out;
}

}  // namespace kernel

namespace {

/// The result of a backward kernel: gradOutput's and output's common floating type.
template <typename F>
Tensor backwardKernel(const Tensor& gradOutput, const Tensor& output, const char* name, F f)
{
    const ScalarType type = resultType({&gradOutput, &output});
    AGV_CHECK(isFloatingType(type), RuntimeError, "\"", name, "\" not implemented for '",
              legacyDtypeShortName(type), "'");
    const IntList shape = broadcastShapes(gradOutput.sizes(), output.sizes());
    // bfloat16: the float formula, rounded once.
    const ScalarType computeType = type == ScalarType::BFloat16 ? ScalarType::Float32 : type;
    Tensor a = kernel::convert(gradOutput, computeType);
    Tensor b = kernel::convert(output, computeType);
    Tensor result = AGV_DISPATCH_FLOATING(computeType, name, [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(a, b, shape, computeType, [&](T g, T y) { return f(g, y); });
    });
    return kernel::convert(result, type);
}

}  // namespace

Tensor tanh(const Tensor& t)
{
    Tensor out = kernel::asElementwiseOutput(kernel::tanhValues(kernel::convert(t, floatResultType(t.dtype()))), {&t});
    OpRecorder rec("TanhBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::tanhBackward(g[0], n.saved(0))};
    });
    rec.forward([](const InputTangents& tangents, const Tensor& r) { return internal::tanhBackward(tangents[0], r); });
    return rec.finishSavingResult(out);
}

Tensor sigmoid(const Tensor& t)
{
    Tensor out =
        kernel::asElementwiseOutput(kernel::sigmoidValues(kernel::convert(t, floatResultType(t.dtype())), false), {&t});
    OpRecorder rec("SigmoidBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::sigmoidBackward(g[0], n.saved(0))};
    });
    // sigmoid_backward(self_t, result): self_t * (1 - result) * result
    rec.forward([](const InputTangents& tangents, const Tensor& r) { return mul(mul(tangents[0], rsub(r, 1)), r); });
    return rec.finishSavingResult(out);
}

namespace internal {

Tensor sigmoidBackward(const Tensor& gradOutput, const Tensor& output)
{
    Tensor out = backwardKernel(gradOutput, output, "sigmoid_backward_cpu",
                                [](auto g, auto y) { return (g * (decltype(y)(1) - y)) * y; });
    OpRecorder rec("SigmoidBackwardBackward0", {&gradOutput, &output}, [](BackwardNode& n, const variable_list& g) {
        Tensor gradOut = n.saved(0), y = n.saved(1);
        Tensor gGradOut, gY;
        if (n.needsInputGrad(0))
            gGradOut = sigmoidBackward(g[0], y);
        if (n.needsInputGrad(1))
            gY = mul(mul(g[0], gradOut), internal::addScalar(internal::mulScalar(y, Scalar(-2)), Scalar(1)));
        return variable_list{gGradOut, gY};
    });
    rec.save("grad_output", gradOutput);
    rec.save("output", output);
    // derivatives.yaml: sigmoid_backward(grad_output_t, output_p)
    //                   + output_t * grad_output_p * (-2 * output_p + 1)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        const Tensor viaGradOutput = sigmoidBackward(t[0], output);
        const Tensor viaOutput =
            mul(mul(t[1], gradOutput), internal::addScalar(internal::mulScalar(output, Scalar(-2)), Scalar(1)));
        return addTangentTerms(viaGradOutput, false, viaOutput, t.isZero(1));
    });
    return rec.finish(out);
}

Tensor tanhBackward(const Tensor& gradOutput, const Tensor& output)
{
    Tensor out = backwardKernel(gradOutput, output, "tanh_backward_cpu", [](auto g, auto y) {
        using T = decltype(y);
        return g * T(std::fma(-y, y, T(1)));
    });
    OpRecorder rec("TanhBackwardBackward0", {&gradOutput, &output}, [](BackwardNode& n, const variable_list& g) {
        Tensor gradOut = n.saved(0), y = n.saved(1);
        Tensor gGradOut, gY;
        if (n.needsInputGrad(0))
            gGradOut = tanhBackward(g[0], y);
        if (n.needsInputGrad(1))
            gY = mul(g[0], mul(internal::mulScalar(y, Scalar(-2.0)), gradOut));  // -2. * output: MulBackward1
        return variable_list{gGradOut, gY};
    });
    rec.save("grad_output", gradOutput);
    rec.save("output", output);
    // derivatives.yaml: tanh_backward(grad_output_t, output_p) + output_t * (-2 * output_p * grad_output_p)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        const Tensor viaGradOutput = tanhBackward(t[0], output);
        const Tensor viaOutput = mul(t[1], mul(internal::mulScalar(output, Scalar(-2.0)), gradOutput));
        return addTangentTerms(viaGradOutput, false, viaOutput, t.isZero(1));
    });
    return rec.finish(out);
}

}  // namespace internal

}  // namespace agv::ops

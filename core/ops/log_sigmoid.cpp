// F.logsigmoid as PyTorch 1.13 computes it (aten/src/ATen/native/cpu/Activation.cpp,
// log_sigmoid_cpu_kernel): every element, the tail of a partial vector included, goes
// through the Vectorized body min(x, 0) - log1p(exp(-|x|)) with SLEEF's exp and log1p;
// the buffer exp(-|x|) is kept for the backward. The backward kernel's two bodies round
// alike (sign is +-1, so sign * q is exact), and derivatives.yaml's double backward is
// log_sigmoid_double_backward(grad * grad_output, self) = grad * (z - 1) * z, z = sigmoid(self).

#include "core/ops/log_sigmoid.h"

#include <cmath>
#include <vector>

#include "core/autograd/forward_ad_decomposition.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"

namespace agv::ops {

namespace {

struct ForwardValues {
    Tensor output;
    Tensor buffer;
};

ForwardValues forwardValues(const Tensor& input)
{
    if (input.dtype() == ScalarType::BFloat16) {
        // 1.13's bfloat16 branch widens each vector to float, computes the float formula and
        // stores output and buffer rounded once each.
        const ForwardValues wide = forwardValues(kernel::convert(input, ScalarType::Float32));
        return {kernel::convert(wide.output, ScalarType::BFloat16), kernel::convert(wide.buffer, ScalarType::BFloat16)};
    }
    if (input.dtype() != ScalarType::Float32 && input.dtype() != ScalarType::Float64)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(input.dtype(), "log_sigmoid_cpu");
    const Tensor x = kernel::dense(input);
    ForwardValues v{kernel::newTensor(input.sizes(), input.dtype(), input.device()),
                    kernel::newTensor(input.sizes(), input.dtype(), input.device())};
    AGV_DISPATCH_FLOATING(input.dtype(), "log_sigmoid_cpu", [&] {
        using T = scalar_t;
        const int64_t n = input.numel();
        const T* xs = x.data<T>();
        T* buffer = v.buffer.data<T>();
        T* out = v.output.data<T>();
        std::vector<T> negAbs(static_cast<size_t>(n)), log1pBuffer(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i)
            negAbs[size_t(i)] = -std::abs(xs[i]);
        if (!sleef::apply(sleef::Function::Exp, negAbs.data(), buffer, n))
            for (int64_t i = 0; i < n; ++i)
                buffer[i] = std::exp(negAbs[size_t(i)]);
        if (!sleef::apply(sleef::Function::Log1p, buffer, log1pBuffer.data(), n))
            for (int64_t i = 0; i < n; ++i)
                log1pBuffer[size_t(i)] = std::log1p(buffer[i]);
        for (int64_t i = 0; i < n; ++i) {
            // vec::minimum(x, 0): NaN propagates, and -0 gives the second operand, +0.
            const T smaller = std::isnan(xs[i]) || xs[i] < T(0) ? xs[i] : T(0);
            out[i] = smaller - log1pBuffer[size_t(i)];
        }
    });
    return v;
}

Tensor backwardValues(const Tensor& gradOutput, const Tensor& self, const Tensor& buffer)
{
    const ScalarType type = self.dtype();
    const IntList& shape = self.sizes();
    if (type == ScalarType::BFloat16) {  // the float formula on the widened operands, rounded once
        const auto wide = [](const Tensor& t) { return kernel::convert(t, ScalarType::Float32); };
        return kernel::convert(backwardValues(wide(gradOutput), wide(self), wide(buffer)), ScalarType::BFloat16);
    }
    const Tensor g = kernel::dense(kernel::convert(expand(gradOutput, shape), type));
    const Tensor s = kernel::dense(self), b = kernel::dense(kernel::convert(expand(buffer, shape), type));
    Tensor out = kernel::newTensor(shape, type, self.device());
    AGV_DISPATCH_FLOATING(type, "log_sigmoid_backward_cpu", [&] {
        using T = scalar_t;
        const T* gs = g.data<T>();
        const T* xs = s.data<T>();
        const T* bs = b.data<T>();
        T* os = out.data<T>();
        for (int64_t i = 0; i < out.numel(); ++i) {
            const bool negative = xs[i] < T(0);
            const T maxDeriv = negative ? T(1) : T(0);
            const T sign = negative ? T(1) : T(-1);
            os[i] = (maxDeriv - sign * (bs[i] / (T(1) + bs[i]))) * gs[i];
        }
    });
    return out;
}

/// log_sigmoid_double_backward(grad, self) = grad * (z - 1) * z with z = self.sigmoid().
Tensor logSigmoidDoubleBackward(const Tensor& grad, const Tensor& self)
{
    const Tensor z = sigmoid(self);
    return mul(mul(grad, internal::subScalar(z, Scalar(int64_t(1)))), z);
}

}  // namespace

Tensor logSigmoid(const Tensor& input)
{
    ForwardValues v = forwardValues(input);
    const Tensor buffer = v.buffer;
    OpRecorder rec("LogSigmoidBackward0", {&input}, [](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{internal::logSigmoidBackward(g[0], saved0, saved1)};
    });
    rec.save("self", input);
    rec.save("buffer", buffer);
    // log_sigmoid_backward(self_t, self_p, buffer)
    rec.forward([&input, buffer](const InputTangents& t, const Tensor&) {
        return internal::logSigmoidBackward(t[0], input, buffer);
    });
    return rec.finish(v.output);
}

namespace internal {

Tensor logSigmoidBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& buffer)
{
    Tensor out = backwardValues(gradOutput, self, buffer);
    OpRecorder rec("LogSigmoidBackwardBackward0", {&gradOutput, &self}, [](BackwardNode& n, const variable_list& g) {
        const Tensor gradOut = n.saved(0), self = n.saved(1), buffer = n.saved(2);
        Tensor gGradOut, gSelf;
        if (n.needsInputGrad(0))
            gGradOut = logSigmoidBackward(g[0], self, buffer);
        if (n.needsInputGrad(1))
            gSelf = logSigmoidDoubleBackward(mul(g[0], gradOut), self);
        return variable_list{gGradOut, gSelf};
    });
    rec.save("grad_output", gradOutput);
    rec.save("self", self);
    rec.save("buffer", buffer);
    // 1.13 has no forward formula for log_sigmoid_backward (forward-over-reverse through
    // logsigmoid raises).
    rec.forward([](const InputTangents&, const Tensor&) -> Tensor {
        forward_ad::throwNoDecomposition("log_sigmoid_backward");
    });
    return rec.finish(out);
}

}  // namespace internal

}  // namespace agv::ops

// torch.logcumsumexp (logcumsumexp.h). 1.13's cpu_logcumsumexp walks each row in order
// with an accumulator of acc_type (double for float, float for bfloat16) starting at -inf:
// acc = log1p(exp(min - max)) + max of the element and acc, or the element itself when
// both are the same infinity. The backward is logcumsumexp_backward's composite, which
// splits the gradient by sign and runs reversed logcumsumexps of log|grad| - result.

#include "core/ops/logcumsumexp.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

/// _log_add_exp_helper: a NaN accumulator stays NaN (std::min / std::max keep their first
/// argument when the other is NaN).
template <typename A>
A logAddExp(A x, A y)
{
    const A lo = std::isnan(y) ? y : std::min(x, y);
    const A hi = std::isnan(y) ? y : std::max(x, y);
    if (lo != hi || std::isfinite(lo))
        return std::log1p(std::exp(lo - hi)) + hi;
    return x;
}

template <typename T, typename A>
Tensor logcumsumexpTyped(const Tensor& self, int64_t dim)
{
    Tensor out = kernel::newTensor(self.sizes(), self.dtype(), self.device());
    const Tensor in = kernel::dense(self);
    const int64_t length = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
    int64_t inner = 1;
    for (int64_t d = dim + 1; d < self.dim(); ++d)
        inner *= self.sizes()[size_t(d)];
    const int64_t outer = length == 0 ? 0 : in.numel() / (length * inner);
    const T* x = in.data<T>();
    T* o = out.data<T>();
    for (int64_t a = 0; a < outer; ++a)
        for (int64_t b = 0; b < inner; ++b) {
            A acc = -std::numeric_limits<A>::infinity();
            for (int64_t i = 0; i < length; ++i) {
                const int64_t at = (a * length + i) * inner + b;
                acc = logAddExp<A>(A(x[at]), acc);
                o[at] = T(acc);
            }
        }
    return out;
}

Tensor logcumsumexpValues(const Tensor& self, int64_t dimIn)
{
    const int64_t dim = wrapDim(dimIn, self.dim());
    return quietly([&] {
        switch (self.dtype()) {
        case ScalarType::Float32: return logcumsumexpTyped<float, double>(self, dim);
        case ScalarType::Float64: return logcumsumexpTyped<double, double>(self, dim);
        case ScalarType::BFloat16: return logcumsumexpTyped<BFloat16, float>(self, dim);
        default: throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "logcumsumexp_out_cpu");
        }
    });
}

/// flip(logcumsumexp(flip(x, dim), dim), dim).
Tensor reverseLogcumsumexp(const Tensor& x, int64_t dim)
{
    return flip(logcumsumexp(flip(x, {dim}), dim), {dim});
}

/// logcumsumexp_backward (real case): exp(reverse_lcse(log(g+) - result) + self)
/// - exp(reverse_lcse(log(g-) - result) + self), log(g+-) the lowest float where g has the
/// other sign or is zero.
Tensor logcumsumexpBackward(const Tensor& grad, const Tensor& self, const Tensor& result, int64_t dim)
{
    if (grad.dim() == 0 || grad.numel() == 0)
        return grad;
    const double lowest = grad.dtype() == ScalarType::Float64 ? std::numeric_limits<double>::lowest()
                          : grad.dtype() == ScalarType::BFloat16 ? -3.3895313892515355e38
                                                                 : double(std::numeric_limits<float>::lowest());
    const Tensor gradMin = full({}, Scalar(lowest), grad.dtype(), grad.device());
    const Tensor logAbsGrad = log(abs(grad));
    const Tensor logGradPositive = where(compare(grad, Scalar(int64_t(0)), CompareOp::Gt), logAbsGrad, gradMin);
    const Tensor logGradNegative = where(compare(grad, Scalar(int64_t(0)), CompareOp::Lt), logAbsGrad, gradMin);
    const Tensor outputPos = exp(add(reverseLogcumsumexp(sub(logGradPositive, result), dim), self));
    const Tensor outputNeg = exp(add(reverseLogcumsumexp(sub(logGradNegative, result), dim), self));
    return sub(outputPos, outputNeg);
}

/// 1.13 has no forward formula for logcumsumexp; its message adds the note of the ops it
/// would try to decompose with TorchScript.
Tensor refuseForwardAd(const InputTangents&, const Tensor&)
{
    throw Error(PyExc::NotImplementedError,
                "Trying to use forward AD with logcumsumexp that does not support it because it has not been "
                "implemented yet.\nPlease file an issue to PyTorch at "
                "https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that we can prioritize "
                "its implementation.\nNote that forward AD support for some operators require PyTorch to be built "
                "with TorchScript and for JIT to be enabled. If the environment var PYTORCH_JIT=0 is set or if the "
                "library is not built with TorchScript, some operators may no longer be used with forward AD.");
}

}  // namespace

Tensor logcumsumexp(const Tensor& self, int64_t dim)
{
    Tensor out = logcumsumexpValues(self, dim);
    OpRecorder rec("LogcumsumexpBackward0", {&self}, [dim](BackwardNode& n, const variable_list& g) {
        const Tensor result = n.saved(1), self = n.saved(0);
        return variable_list{logcumsumexpBackward(g[0], self, result, dim)};
    });
    rec.attr("dim", UnsignedAttr{dim});  // -1 reads as 18446744073709551615, as in 1.13
    rec.save("self", self);
    rec.forward(refuseForwardAd);
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops

// Losses of torch.nn.functional that PyTorch 1.13 implements as one kernel with its
// own backward node: binary_cross_entropy, binary_cross_entropy_with_logits,
// smooth_l1_loss and huber_loss. The forward runs outside the trace (one op in
// PyTorch); the backward formulas are FunctionsManual's / the CPU backward kernels',
// written with differentiable ops in the same rounding order so that the values match
// bit for bit and double backward works. (l1_loss is composite in 1.13: sub, abs,
// mean — torch/nn/functional.py.)

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// at::Reduction's numbering, which is what `_saved_reduction` shows.

/// A double-valued parameter as the kernel sees it: rounded to the tensor's dtype.
double inDtype(double v, ScalarType type) { return type == ScalarType::Float32 ? double(float(v)) : v; }

Tensor applyWeightAndMean(Tensor grad, const Tensor& weight, Reduction reduction, int64_t numel)
{
    if (weight.defined())
        grad = mul(grad, weight);
    if (reduction == Reduction::Mean)
        grad = div(grad, Scalar(numel));
    return grad;
}

/// Note [Vectorized and scalar loss kernels]
/// PyTorch's CPU loss kernels (cpu_kernel_vec) run a vectorized body over chunks of two
/// vectors (16 floats or 8 doubles on AVX2) and a scalar body over the rest, and the two
/// bodies of smooth_l1_backward / huber_backward round differently: the vectorized one
/// works in the tensor's dtype, the scalar one divides (smooth L1) or multiplies (Huber)
/// by the double-valued beta / delta. `vectorizedPart` marks the elements of the first body.
Tensor vectorizedPart(const Tensor& t)
{
    const int64_t chunk = t.dtype() == ScalarType::Float32 ? 16 : 8;
    const int64_t vectorized = t.numel() / chunk * chunk;
    Tensor mask = kernel::newTensor(t.sizes(), ScalarType::Bool, t.device());
    bool* m = mask.data<bool>();
    for (int64_t i = 0; i < t.numel(); ++i)
        m[i] = i < vectorized;
    return mask;
}

/// `t * value` computed in double and rounded back to t's dtype.
Tensor mulInDouble(const Tensor& t, double value)
{
    if (t.dtype() == ScalarType::Float64)
        return mul(t, Scalar(value));
    return toDtype(mul(toDtype(t, ScalarType::Float64), Scalar(value)), t.dtype());
}

Tensor divInDouble(const Tensor& t, double value)
{
    if (t.dtype() == ScalarType::Float64)
        return div(t, Scalar(value));
    return toDtype(div(toDtype(t, ScalarType::Float64), Scalar(value)), t.dtype());
}

/// x <= -value / x >= value with the double-valued parameter.
Tensor compareInDouble(const Tensor& x, double value, CompareOp op)
{
    return compare(toDtype(x, ScalarType::Float64), Scalar(value), op);
}

/// smooth_l1_backward / huber_backward (see Note [Vectorized and scalar loss kernels]),
/// with x = self - target.
Tensor piecewiseBackward(const Tensor& grad, const Tensor& self, const Tensor& target, Reduction reduction,
                         double param, bool huber)
{
    const double norm = inDtype(reduction == Reduction::Mean ? 1.0 / double(self.numel()) : 1.0, self.dtype());
    const double p = inDtype(param, self.dtype());
    Tensor x = sub(self, target);
    Tensor vectorized, scalar;
    {
        // vectorized body: norm * output * grad, output = x (/ beta) inside, +-1 (* delta) outside
        Tensor outside = where(compare(x, Scalar(0), CompareOp::Gt), scalarTensor(Scalar(huber ? p : 1.0)),
                               scalarTensor(Scalar(huber ? -p : -1.0)));
        Tensor inside = huber ? x : div(x, Scalar(p));
        Tensor output = where(compare(abs(x), Scalar(p), CompareOp::Ge), outside, inside);
        vectorized = mul(mul(output, Scalar(norm)), grad);
    }
    {
        // scalar body
        Tensor below = mul(grad, Scalar(-norm)), above = mul(grad, Scalar(norm));
        Tensor inside = mul(mul(x, Scalar(norm)), grad);
        if (huber) {
            below = mulInDouble(below, param);
            above = mulInDouble(above, param);
        } else {
            inside = divInDouble(inside, param);
        }
        scalar = where(compareInDouble(x, -param, CompareOp::Le), below,
                       where(compareInDouble(x, param, CompareOp::Ge), above, inside));
    }
    return where(vectorizedPart(x), vectorized, scalar);
}

void checkFloating(const Tensor& input, const char* kernelName)
{
    AGV_CHECK(isFloatingType(input.dtype()), RuntimeError, "\"", kernelName, "\" not implemented for '",
              legacyDtypeShortName(input.dtype()), "'");
}

}  // namespace

Tensor binaryCrossEntropy(const Tensor& input, const Tensor& targetIn, const Tensor& weight, Reduction reduction)
{
    checkFloating(input, "binary_cross_entropy");
    Tensor loss;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        Tensor target = kernel::convert(targetIn, input.dtype());
        Tensor x = kernel::convert(input, input.dtype());
        loss = AGV_DISPATCH_FLOATING(input.dtype(), "binary_cross_entropy", [&] {
            using T = scalar_t;
            return kernel::mapBinary<T, T>(x, target, input.sizes(), input.dtype(), [](T in, T y) {
                AGV_CHECK(in >= 0 && in <= 1, RuntimeError, "all elements of input should be between 0 and 1");
                // L = -w (y ln(x) + (1-y) ln(1-x)), the logs clamped at -100. PyTorch 1.13 takes
                // log(1 - x), not log1p(-x), and checks the input's range only: a target outside
                // [0, 1] is used as it is.
                return T((y - T(1)) * std::max(T(std::log(T(1) - in)), T(-100)) -
                         y * std::max(T(std::log(in)), T(-100)));
            });
        });
        if (weight.defined())
            loss = mul(loss, weight);
        loss = applyLossReduction(loss, reduction);
    }
    const int64_t numel = input.numel();
    OpRecorder rec("BinaryCrossEntropyBackward0", {&input, &targetIn},
                   [reduction, numel](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), target = n.saved(1), w = n.saved(2);
                       Tensor gradSelf, gradTarget;
                       if (needs(n, 0)) {
                           // g (x - y) / max((1 - x) x, 1e-12)
                           Tensor denominator = clamp(mul(rsub(self, Scalar(1)), self), Scalar(1e-12), std::nullopt);
                           gradSelf = applyWeightAndMean(div(mul(g[0], sub(self, target)), denominator), w,
                                                         reduction, numel);
                       }
                       if (needs(n, 1)) {
                           // -logit(x) g
                           Tensor logit = log(div(self, rsub(self, Scalar(1))));
                           gradTarget = applyWeightAndMean(mul(neg(logit), g[0]), w, reduction, numel);
                       }
                       return variable_list{gradSelf, gradTarget};
                   });
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", targetIn);
    rec.save("weight", weight);
    return rec.finish(loss);
}

Tensor binaryCrossEntropyWithLogits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                    const Tensor& posWeight, Reduction reduction)
{
    checkFloating(input, "binary_cross_entropy_with_logits");
    Tensor loss;
    {
        // Loss.cpp: max_val = (-x).clamp_min(0);
        // loss = (1 - y) x + lw (log(exp(-max_val) + exp(-x - max_val)) + max_val), lw = (pw - 1) y + 1
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        Tensor maxVal = clamp(neg(input), Scalar(0), std::nullopt);
        Tensor logTerm = log(add(exp(neg(maxVal)), exp(sub(neg(input), maxVal))));
        if (posWeight.defined()) {
            Tensor logWeight = add(mul(sub(posWeight, Scalar(1)), target), Scalar(1));
            loss = add(mul(rsub(target, Scalar(1)), input), mul(logWeight, add(logTerm, maxVal)));
        } else {
            loss = add(add(mul(rsub(target, Scalar(1)), input), maxVal), logTerm);
        }
        if (weight.defined())
            loss = mul(loss, weight);
        loss = applyLossReduction(loss, reduction);
    }
    const int64_t numel = input.numel();
    OpRecorder rec("BinaryCrossEntropyWithLogitsBackward0", {&input, &target},
                   [reduction, numel](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), y = n.saved(1), w = n.saved(2), pw = n.saved(3);
                       Tensor gradSelf, gradTarget;
                       if (needs(n, 0)) {
                           Tensor gi;
                           if (pw.defined()) {
                               Tensor t = mul(pw, y);
                               gi = mul(sub(mul(sub(add(t, Scalar(1)), y), sigmoid(self)), t), g[0]);
                           } else {
                               gi = mul(sub(sigmoid(self), y), g[0]);
                           }
                           gradSelf = applyWeightAndMean(gi, w, reduction, numel);
                       }
                       if (needs(n, 1)) {
                           Tensor gt;
                           if (pw.defined())
                               gt = mul(sub(log(rsub(sigmoid(self), Scalar(1))), mul(pw, log(sigmoid(self)))), g[0]);
                           else
                               gt = mul(neg(self), g[0]);
                           gradTarget = applyWeightAndMean(gt, w, reduction, numel);
                       }
                       return variable_list{gradSelf, gradTarget};
                   });
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", target);
    rec.save("weight", weight);
    rec.save("pos_weight", posWeight);
    return rec.finish(loss);
}

Tensor smoothL1Loss(const Tensor& input, const Tensor& targetIn, Reduction reduction, double beta)
{
    AGV_CHECK(beta >= 0, RuntimeError, "smooth_l1_loss does not support negative values for beta.");
    checkFloating(input, "smooth_l1_cpu");
    Tensor loss;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        Tensor target = kernel::convert(targetIn, input.dtype());
        Tensor x = kernel::convert(input, input.dtype());
        loss = AGV_DISPATCH_FLOATING(input.dtype(), "smooth_l1_cpu", [&] {
            using T = scalar_t;
            const T b = T(beta);
            return kernel::mapBinary<T, T>(x, target, input.sizes(), input.dtype(), [b](T p, T q) {
                const T z = std::abs(p - q);
                return z < b ? T(T(T(0.5) * z) * z) / b : z - T(0.5) * b;
            });
        });
        loss = applyLossReduction(loss, reduction);
    }
    OpRecorder rec("SmoothL1LossBackward0", {&input, &targetIn},
                   [reduction, beta](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), target = n.saved(1);
                       return variable_list{
                           needs(n, 0) ? piecewiseBackward(g[0], self, target, reduction, beta, false) : Tensor(),
                           needs(n, 1) ? piecewiseBackward(g[0], target, self, reduction, beta, false) : Tensor()};
                   });
    rec.attr("beta", beta);
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", targetIn);
    return rec.finish(loss);
}

Tensor huberLoss(const Tensor& input, const Tensor& targetIn, Reduction reduction, double delta)
{
    AGV_CHECK(delta > 0, RuntimeError, "huber_loss does not support non-positive values for delta.");
    checkFloating(input, "huber_cpu");
    Tensor loss;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        Tensor target = kernel::convert(targetIn, input.dtype());
        Tensor x = kernel::convert(input, input.dtype());
        loss = AGV_DISPATCH_FLOATING(input.dtype(), "huber_cpu", [&] {
            using T = scalar_t;
            const T d = T(delta);
            return kernel::mapBinary<T, T>(x, target, input.sizes(), input.dtype(), [d](T p, T q) {
                const T z = std::abs(p - q);
                return z < d ? T(T(0.5) * z) * z : d * (z - T(0.5) * d);
            });
        });
        loss = applyLossReduction(loss, reduction);
    }
    OpRecorder rec("HuberLossBackward0", {&input, &targetIn},
                   [reduction, delta](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), target = n.saved(1);
                       return variable_list{
                           needs(n, 0) ? piecewiseBackward(g[0], self, target, reduction, delta, true) : Tensor(),
                           needs(n, 1) ? piecewiseBackward(g[0], target, self, reduction, delta, true) : Tensor()};
                   });
    rec.attr("delta", delta);
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", targetIn);
    return rec.finish(loss);
}

}  // namespace agv::ops

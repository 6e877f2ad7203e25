// Losses of torch.nn.functional that PyTorch 1.13 implements as one kernel with its
// own backward node: binary_cross_entropy, binary_cross_entropy_with_logits,
// smooth_l1_loss and huber_loss. The forward runs outside the trace (one op in
// PyTorch); the backward formulas are FunctionsManual's / the CPU backward kernels',
// written with differentiable ops in the same rounding order so that the values match
// bit for bit and double backward works. (l1_loss is composite in 1.13: sub, abs,
// mean — torch/nn/functional.py.)

#include <cmath>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/dispatch_bfloat16.h"
#include "core/ops/inplace_unary.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/log_sigmoid.h"
#include "core/ops/loss_backward.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// std::abs in the value's own type (exact for every floating type).
template <typename T>
T absolute(T v)
{
    if constexpr (kIsReducedFloat<T>)
        return T(std::abs(float(v)));
    else
        return std::abs(v);
}

// Note [float16 pointwise losses]
// 1.13's smooth_l1 and huber kernels give cpu_kernel_vec two bodies that round float16
// differently: the Vectorized one (the generic Vectorized<c10::Half>) rounds every
// operation, while in the scalar one std::abs of a c10::Half is a float, so after the
// rounded difference the formula runs in float and rounds once.

/// f(p, q, vector) over x and y of one shape, `vector` marking the Vectorized body's
/// elements (see Note [float16 pointwise losses]).
template <typename T, typename F>
Tensor twoBodyLoss(const Tensor& x, const Tensor& y, F f)
{
    const IntList& shape = x.sizes();
    Tensor out = kernel::newTensor(shape, x.dtype(), x.device());
    const IntList stridesX = kernel::broadcastStrides(x, shape), stridesY = kernel::broadcastStrides(y, shape);
    const std::vector<int64_t> offX = kernel::elementOffsets(shape, stridesX);
    const std::vector<int64_t> offY = kernel::elementOffsets(shape, stridesY);
    const std::vector<bool> vector =
        kernel::vectorizedElements(shape, {IntList{}, stridesX, stridesY}, int64_t(32 / sizeof(T)));
    const T* a = x.data<T>();
    const T* b = y.data<T>();
    T* o = out.data<T>();
    for (size_t i = 0; i < offX.size(); ++i)
        o[i] = f(a[offX[i]], b[offY[i]], bool(vector[i]));
    return kernel::asElementwiseOutput(out, {&x, &y});
}

/// at::Reduction's numbering, which is what `_saved_reduction` shows.

/// A double-valued parameter as the kernel sees it: rounded to the tensor's dtype.
double inDtype(double v, ScalarType type)
{
    switch (type) {
    case ScalarType::Float32: return double(float(v));
    case ScalarType::BFloat16: return double(float(BFloat16(float(v))));
    case ScalarType::Half: return double(float(Half(float(v))));
    default: return v;
    }
}

Tensor applyWeightAndMean(Tensor grad, const Tensor& weight, Reduction reduction, int64_t numel)
{
    if (weight.defined())
        grad = mul(grad, weight);
    if (reduction == Reduction::Mean)
        grad = internal::divScalar(grad, Scalar(numel));  // C++ `grad_input / input.numel()`
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
    // Two Vectorized<scalar_t> per step: 32 bytes each.
    const int64_t chunk = 2 * 32 / int64_t(elementSize(t.dtype()));
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

// Note [bfloat16 smooth L1]
// 1.13's smooth_l1 kernels have a bfloat16 case of their own that computes in float: the
// forward |a - b| compared with beta as floats, 0.5 z^2 / beta or z - 0.5 beta rounded
// once; the backward's vectorized body norm * (x / beta or +-1) * grad, its scalar body
// norm * x * grad / beta (or +-norm * grad), both in float and rounded once.

/// smooth_l1_backward of bfloat16 operands (see Note [bfloat16 smooth L1]).
Tensor smoothL1BackwardBfloat16(const Tensor& grad, const Tensor& self, const Tensor& target, Reduction reduction,
                                double beta)
{
    const IntList& shape = self.sizes();
    const float norm = float(reduction == Reduction::Mean ? 1.0 / double(self.numel()) : 1.0);
    const float b = float(beta);
    Tensor out = kernel::newTensor(shape, ScalarType::BFloat16, self.device());
    const Tensor vectorized = vectorizedPart(out);
    const std::vector<int64_t> offS = kernel::elementOffsets(shape, kernel::broadcastStrides(self, shape));
    const std::vector<int64_t> offT = kernel::elementOffsets(shape, kernel::broadcastStrides(target, shape));
    const std::vector<int64_t> offG = kernel::elementOffsets(shape, kernel::broadcastStrides(grad, shape));
    const BFloat16* s = self.data<BFloat16>();
    const BFloat16* t = target.data<BFloat16>();
    const BFloat16* g = grad.data<BFloat16>();
    BFloat16* o = out.data<BFloat16>();
    for (size_t i = 0; i < offS.size(); ++i) {
        const float x = float(s[offS[i]]) - float(t[offT[i]]);
        const float gradValue = float(g[offG[i]]);
        float r;
        if (vectorized.data<bool>()[i]) {
            const float output = std::abs(x) >= b ? (x > 0.0f ? 1.0f : -1.0f) : x / b;
            r = norm * output * gradValue;
        } else {
            r = x <= -b ? -norm * gradValue : x >= b ? norm * gradValue : norm * x * gradValue / b;
        }
        o[i] = BFloat16(r);
    }
    return out;
}

/// smooth_l1_backward / huber_backward (see Note [Vectorized and scalar loss kernels]),
/// with x = self - target.
Tensor piecewiseBackward(const Tensor& grad, const Tensor& self, const Tensor& target, Reduction reduction,
                         double param, bool huber)
{
    // smooth_l1_backward_cpu_out dispatches AT_DISPATCH_FLOATING_TYPES_AND(kBFloat16),
    // huber_backward_cpu_out AND2(kBFloat16, kHalf).
    AGV_CHECK(huber || self.dtype() != ScalarType::Half, RuntimeError,
              "\"smooth_l1_backward_cpu_out\" not implemented for 'Half'");
    if (!huber && self.dtype() == ScalarType::BFloat16)  // See Note [bfloat16 smooth L1]
        return smoothL1BackwardBfloat16(grad, self, target, reduction, param);
    const double norm = inDtype(reduction == Reduction::Mean ? 1.0 / double(self.numel()) : 1.0, self.dtype());
    const double p = inDtype(param, self.dtype());
    Tensor x = sub(self, target);
    Tensor vectorized, scalar;
    {
        // vectorized body: norm * output * grad, output = x (/ beta) inside, +-1 (* delta) outside
        // In x's dtype: a default-dtype (float32) constant would round a float64 delta.
        Tensor outside = where(compare(x, Scalar(0), CompareOp::Gt), full({}, Scalar(huber ? p : 1.0), x.dtype()),
                               full({}, Scalar(huber ? -p : -1.0), x.dtype()));
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

/// grad_input /= n as a C++ backward formula writes it: div_ with a Scalar (DivBackward1).
Tensor& divideByCount(Tensor& gradInput, int64_t n)
{
    return unaryInplace(
        gradInput, "div_", "DivBackward1", InplaceSaves::Nothing,
        [n](const Tensor& x) { return div(x, Scalar(n)); },
        [n](BackwardNode&, const variable_list& g) { return variable_list{div(g[0], Scalar(n))}; },
        [n](const InputTangents& t, const Tensor&) { return div(t[0], Scalar(n)); }, /*floatResult=*/false);
}

/// mse_loss_double_backward: 2 * grad, / numel for a mean.
Tensor mseDoubleBackward(const Tensor& grad, const Tensor& input, Reduction reduction)
{
    Tensor gradInput = internal::mulScalar(grad, Scalar(2));
    if (reduction == Reduction::Mean)
        divideByCount(gradInput, input.numel());
    return gradInput;
}

/// smooth_l1_loss_double_backward: grad * (|x - y| < beta) / beta, / numel for a mean.
Tensor smoothL1DoubleBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction,
                              double beta)
{
    if (beta == 0)
        return zeros(grad.sizes(), grad.dtype(), grad.device());
    Tensor inside = toDtype(compare(abs(sub(input, target)), Scalar(beta), CompareOp::Lt), grad.dtype());
    Tensor gradInput = internal::divScalar(mul(grad, inside), Scalar(beta));
    if (reduction == Reduction::Mean)
        divideByCount(gradInput, input.numel());
    return gradInput;
}

/// huber_loss_double_backward: grad * (|x - y| < delta), / numel for a mean.
Tensor huberDoubleBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction,
                           double delta)
{
    Tensor gradInput = mul(grad, compare(abs(sub(input, target)), Scalar(delta), CompareOp::Lt));
    if (reduction == Reduction::Mean)
        divideByCount(gradInput, input.numel());
    return gradInput;
}

/// The node of a pointwise loss's backward op: inputs grad_output, self, target, whose
/// gradients run in that (name) order; `saves` says what the node keeps.
template <typename Kernel, typename Rule>
Tensor recordLossBackward(const char* nodeName, const Tensor& gradOutput, const Tensor& self, const Tensor& target,
                          Kernel kernelOp, Rule rule, const std::function<void(OpRecorder&)>& saves)
{
    OpRecorder rec(nodeName, {&gradOutput, &self, &target}, std::move(rule));
    if (rec.active())
        saves(rec);
    return rec.finish(quietly(kernelOp));
}

/// binary_cross_entropy_backward: g (x - y) / max((1 - x) x, 1e-12), weighted and averaged.
Tensor bceSelfBackward(const Tensor& grad, const Tensor& self, const Tensor& target, const Tensor& weight,
                       Reduction reduction)
{
    Tensor denominator = clamp(mul(rsub(self, Scalar(1)), self), Scalar(1e-12), std::nullopt);
    return applyWeightAndMean(div(mul(grad, sub(self, target)), denominator), weight, reduction, self.numel());
}

/// binary_cross_entropy_target_backward: (log(1 - x) - log(x)) g, weighted and averaged
/// (two logs, not one of x / (1 - x), which rounds differently).
Tensor bceTargetBackward(const Tensor& grad, const Tensor& self, const Tensor& weight, Reduction reduction)
{
    Tensor negativeLogit = sub(log(rsub(self, Scalar(1))), log(self));
    return applyWeightAndMean(mul(negativeLogit, grad), weight, reduction, self.numel());
}

/// binary_cross_entropy_with_logits_backward: (sigmoid(x) - y) g, or with pos_weight
/// ((pw y + 1 - y) sigmoid(x) - pw y) g; weighted and averaged.
Tensor bceWithLogitsSelfBackward(const Tensor& grad, const Tensor& self, const Tensor& target, const Tensor& weight,
                                 const Tensor& posWeight, Reduction reduction)
{
    Tensor gi;
    if (posWeight.defined()) {
        Tensor t = mul(posWeight, target);
        gi = mul(sub(mul(sub(add(t, Scalar(1)), target), sigmoid(self)), t), grad);
    } else {
        gi = mul(sub(sigmoid(self), target), grad);
    }
    return applyWeightAndMean(gi, weight, reduction, self.numel());
}

/// binary_cross_entropy_with_logits_target_backward: -x g, or with pos_weight
/// (log_sigmoid(-x) - log_sigmoid(x) pw) g; weighted and averaged.
Tensor bceWithLogitsTargetBackward(const Tensor& grad, const Tensor& self, const Tensor& weight,
                                   const Tensor& posWeight, Reduction reduction)
{
    Tensor gt;
    if (posWeight.defined())
        gt = mul(sub(logSigmoid(neg(self)), mul(logSigmoid(self), posWeight)), grad);
    else
        gt = mul(neg(self), grad);
    return applyWeightAndMean(gt, weight, reduction, self.numel());
}

void checkFloating(const Tensor& input, const char* kernelName)
{
    AGV_CHECK(isFloatingType(input.dtype()), RuntimeError, "\"", kernelName, "\" not implemented for '",
              legacyDtypeShortName(input.dtype()), "'");
}

}  // namespace

Tensor binaryCrossEntropy(const Tensor& input, const Tensor& targetIn, const Tensor& weight, Reduction reduction)
{
    checkNoRequiresGrad(weight, "weight", "binary_cross_entropy");
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
    OpRecorder rec("BinaryCrossEntropyBackward0", {&input, &targetIn},
                   [reduction](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), target = n.saved(1), w = n.saved(2);
                       return variable_list{
                           needs(n, 0) ? bceSelfBackward(g[0], self, target, w, reduction) : Tensor(),
                           needs(n, 1) ? bceTargetBackward(g[0], self, w, reduction) : Tensor()};
                   });
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", targetIn);
    rec.save("weight", weight);
    // derivatives.yaml: apply_loss_reduction(binary_cross_entropy_backward(self_t, ...) +
    // binary_cross_entropy_target_backward(target_t, ...), reduction), both unreduced. A
    // missing tangent is a zero tensor that these kernels materialize, so both terms are computed.
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return applyLossReduction(add(bceSelfBackward(t[0], input, targetIn, weight, Reduction::None),
                                      bceTargetBackward(t[1], input, weight, Reduction::None)),
                                  reduction);
    });
    return rec.finish(loss);
}

Tensor binaryCrossEntropyWithLogits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                    const Tensor& posWeight, Reduction reduction)
{
    checkNoRequiresGrad(weight, "weight", "binary_cross_entropy_with_logits");
    checkNoRequiresGrad(posWeight, "pos_weight", "binary_cross_entropy_with_logits");
    checkFloating(input, "binary_cross_entropy_with_logits");
    // Loss.cpp's first step, max_val = (-input).clamp_min_(0), has no float16 case.
    AGV_CHECK(input.dtype() != ScalarType::Half, RuntimeError, "\"clamp_min_cpu\" not implemented for 'Half'");
    // Loss.cpp continues with (1 - target).mul_(input): an integral target's in-place product
    // cannot hold the float result (and a bool target cannot be subtracted from).
    checkSubtraction(target.dtype(), target.dtype());  // 1 - target is a tensor of target's dtype minus target
    AGV_CHECK(isFloatingType(target.dtype()), RuntimeError, "result type ",
              legacyDtypeShortName(resultType({&target, &input})), " can't be cast to the desired output type ",
              legacyDtypeShortName(target.dtype()));
    Tensor loss;
    {
        // Loss.cpp: max_val = (-x).clamp_min(0);
        // loss = (1 - y) x + lw (log(exp(-max_val) + exp(-x - max_val)) + max_val), lw = (pw - 1) y + 1
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        forward_ad::DisabledGuard oneKernel;  // the tangent comes from the formula below, not these ops
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
    OpRecorder rec("BinaryCrossEntropyWithLogitsBackward0", {&input, &target},
                   [reduction](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), y = n.saved(1), w = n.saved(2), pw = n.saved(3);
                       return variable_list{
                           needs(n, 0) ? bceWithLogitsSelfBackward(g[0], self, y, w, pw, reduction) : Tensor(),
                           needs(n, 1) ? bceWithLogitsTargetBackward(g[0], self, w, pw, reduction) : Tensor()};
                   });
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", target);
    rec.save("weight", weight);
    rec.save("pos_weight", posWeight);
    // derivatives.yaml: apply_loss_reduction(binary_cross_entropy_with_logits_backward(self_t, ...) +
    // binary_cross_entropy_with_logits_target_backward(target_t, ...), reduction), both unreduced;
    // these two return a zero tensor for a zero tangent, which the sum then leaves out.
    rec.forward([&](const InputTangents& t, const Tensor&) {
        const Tensor selfTerm = t.isZero(0) ? Tensor()
                                            : bceWithLogitsSelfBackward(t[0], input, target, weight, posWeight,
                                                                        Reduction::None);
        const Tensor targetTerm =
            t.isZero(1) ? Tensor() : bceWithLogitsTargetBackward(t[1], input, weight, posWeight, Reduction::None);
        return applyLossReduction(selfTerm.defined() && targetTerm.defined() ? add(selfTerm, targetTerm)
                                  : selfTerm.defined()                        ? selfTerm
                                                                              : targetTerm,
                                  reduction);
    });
    return rec.finish(loss);
}

Tensor mseLossBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& target, Reduction reduction)
{
    return recordLossBackward(
        "MseLossBackwardBackward0", gradOutput, self, target,
        [&] {
            // mse_backward_cpu_out dispatches AT_DISPATCH_FLOATING_TYPES: no float16 case.
            AGV_CHECK(self.dtype() != ScalarType::Half, RuntimeError,
                      "\"mse_backward_cpu_out\" not implemented for 'Half'");
            // mse_loss_backward: (self - target) * norm * grad_output, norm = 2 (/ numel for a
            // mean), written into zeros_like(input, LEGACY_CONTIGUOUS_MEMORY_FORMAT)
            const double norm = reduction == Reduction::Mean ? 2.0 / double(self.numel()) : 2.0;
            return kernel::dense(mul(mul(sub(self, target), Scalar(norm)), gradOutput));
        },
        [reduction](BackwardNode& n, const variable_list& g) {
            const Tensor self = n.saved(0), target = n.saved(1), gradOutput = n.saved(2);
            Tensor gradGradOutput, gradSelf, gradTarget;
            if (needs(n, 0))
                gradGradOutput = mseLossBackward(g[0], self, target, reduction);
            if (needs(n, 1))
                gradSelf = mseDoubleBackward(mul(g[0], gradOutput), self, reduction);
            if (needs(n, 2))
                gradTarget = neg(mseDoubleBackward(mul(g[0], gradOutput), target, reduction));
            return variable_list{gradGradOutput, gradSelf, gradTarget};
        },
        [&](OpRecorder& rec) {
            rec.attr("reduction", reductionNumber(reduction));
            rec.save("self", self);
            rec.save("target", target);
            rec.save("grad_output", gradOutput);
        });
}

Tensor smoothL1LossBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& target, Reduction reduction,
                            double beta)
{
    return recordLossBackward(
        "SmoothL1LossBackwardBackward0", gradOutput, self, target,
        [&] { return piecewiseBackward(gradOutput, self, target, reduction, beta, false); },
        [reduction, beta](BackwardNode& n, const variable_list& g) {
            const Tensor self = n.saved(0), target = n.saved(1), gradOutput = n.saved(2);
            Tensor gradGradOutput, gradSelf, gradTarget;
            if (needs(n, 0))
                gradGradOutput = smoothL1LossBackward(g[0], self, target, reduction, beta);
            if (needs(n, 1))
                gradSelf = smoothL1DoubleBackward(mul(g[0], gradOutput), self, target, reduction, beta);
            if (needs(n, 2))
                gradTarget = neg(smoothL1DoubleBackward(mul(g[0], gradOutput), self, target, reduction, beta));
            return variable_list{gradGradOutput, gradSelf, gradTarget};
        },
        [&](OpRecorder& rec) {
            rec.attr("beta", beta);
            rec.attr("reduction", reductionNumber(reduction));
            rec.save("self", self);
            rec.save("target", target);
            rec.save("grad_output", gradOutput);
        });
}

Tensor huberLossBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& target, Reduction reduction,
                         double delta)
{
    return recordLossBackward(
        "HuberLossBackwardBackward0", gradOutput, self, target,
        [&] { return piecewiseBackward(gradOutput, self, target, reduction, delta, true); },
        [reduction, delta](BackwardNode& n, const variable_list& g) {
            const Tensor gradOutput = n.saved(0), self = n.saved(1), target = n.saved(2);
            Tensor gradGradOutput, gradSelf, gradTarget;
            if (needs(n, 0)) {
                // huber_loss_double_backward_grad_output
                if (reduction == Reduction::None) {
                    gradGradOutput = huberLossBackward(g[0], self, target, reduction, delta);
                } else {
                    Tensor r = huberLossBackward(onesLike(gradOutput), self, target, reduction, delta);
                    gradGradOutput = sum(mul(r, g[0]));
                }
            }
            if (needs(n, 1))
                gradSelf = huberDoubleBackward(mul(g[0], gradOutput), self, target, reduction, delta);
            if (needs(n, 2))
                gradTarget = neg(huberDoubleBackward(mul(g[0], gradOutput), self, target, reduction, delta));
            return variable_list{gradGradOutput, gradSelf, gradTarget};
        },
        [&](OpRecorder& rec) {
            rec.attr("delta", delta);
            rec.attr("reduction", reductionNumber(reduction));
            rec.save("grad_output", gradOutput);
            rec.save("self", self);
            rec.save("target", target);
        });
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
        if (input.dtype() == ScalarType::Half) {  // See Note [float16 pointwise losses]
            const Half b = Half(float(beta));
            loss = twoBodyLoss<Half>(x, target, [b](Half p, Half q, bool vector) {
                if (vector) {
                    const Half z = absolute(Half(p - q));
                    return z < b ? Half(Half(Half(0.5f) * z) * z) / b : Half(z - Half(Half(0.5f) * b));
                }
                const float z = std::abs(float(Half(p - q))), fb = float(b);
                return Half(z < fb ? 0.5f * z * z / fb : z - float(Half(Half(0.5f) * b)));
            });
        } else {
            loss = AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), "smooth_l1_cpu", [&] {
                using T = scalar_t;
                const T b = T(beta);
                return kernel::mapBinary<T, T>(x, target, input.sizes(), input.dtype(), [b, beta](T p, T q) {
                    if constexpr (std::is_same_v<T, BFloat16>) {  // See Note [bfloat16 smooth L1]
                        const float z = std::abs(float(p) - float(q)), fb = float(beta);
                        return T(z < fb ? 0.5f * z * z / fb : z - 0.5f * fb);
                    } else {
                        const T z = absolute(T(p - q));
                        return z < b ? T(T(T(0.5) * z) * z) / b : T(z - T(T(0.5) * b));
                    }
                });
            });
        }
        loss = applyLossReduction(loss, reduction);
    }
    OpRecorder rec("SmoothL1LossBackward0", {&input, &targetIn},
                   [reduction, beta](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), target = n.saved(1);
                       return variable_list{
                           needs(n, 0) ? smoothL1LossBackward(g[0], self, target, reduction, beta) : Tensor(),
                           needs(n, 1) ? smoothL1LossBackward(g[0], target, self, reduction, beta) : Tensor()};
                   });
    rec.attr("beta", beta);
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", targetIn);
    // apply_loss_reduction(backward(self_t, self_p, target_p) + backward(target_t, target_p, self_p),
    // reduction), each backward unreduced; a missing tangent is materialised zeros here
    rec.forward([reduction, beta](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& target = t.primal(1);
        return applyLossReduction(add(piecewiseBackward(t[0], self, target, Reduction::None, beta, false),
                                      piecewiseBackward(t[1], target, self, Reduction::None, beta, false)),
                                  reduction);
    });
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
        if (input.dtype() == ScalarType::Half) {  // See Note [float16 pointwise losses]
            const Half d = Half(float(delta));
            loss = twoBodyLoss<Half>(x, target, [d](Half p, Half q, bool vector) {
                if (vector) {
                    const Half z = absolute(Half(p - q));
                    return z < d ? Half(Half(Half(0.5f) * z) * z) : Half(d * Half(z - Half(Half(0.5f) * d)));
                }
                const float z = std::abs(float(Half(p - q))), fd = float(d);
                return Half(z < fd ? 0.5f * z * z : fd * (z - float(Half(Half(0.5f) * d))));
            });
        } else {
            loss = AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), "huber_cpu", [&] {
                using T = scalar_t;
                const T d = T(delta);
                return kernel::mapBinary<T, T>(x, target, input.sizes(), input.dtype(), [d](T p, T q) {
                    // bfloat16 rounds at every step (c10's std::abs of a BFloat16 is one too)
                    const T z = absolute(T(p - q));
                    return z < d ? T(T(T(0.5) * z) * z) : T(d * T(z - T(T(0.5) * d)));
                });
            });
        }
        loss = applyLossReduction(loss, reduction);
    }
    OpRecorder rec("HuberLossBackward0", {&input, &targetIn},
                   [reduction, delta](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), target = n.saved(1);
                       return variable_list{
                           needs(n, 0) ? huberLossBackward(g[0], self, target, reduction, delta) : Tensor(),
                           needs(n, 1) ? huberLossBackward(g[0], target, self, reduction, delta) : Tensor()};
                   });
    rec.attr("delta", delta);
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", targetIn);
    // apply_loss_reduction(backward(self_t, self_p, target_p) + backward(target_t, target_p, self_p),
    // reduction), each backward unreduced; a missing tangent is materialised zeros here
    rec.forward([reduction, delta](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& target = t.primal(1);
        return applyLossReduction(add(piecewiseBackward(t[0], self, target, Reduction::None, delta, true),
                                      piecewiseBackward(t[1], target, self, Reduction::None, delta, true)),
                                  reduction);
    });
    return rec.finish(loss);
}

}  // namespace agv::ops

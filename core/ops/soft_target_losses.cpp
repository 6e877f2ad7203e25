// xlogy and the losses PyTorch 1.13 builds from ordinary ops (aten/src/ATen/native/Loss.cpp
// kl_div, LossNLL.cpp cross_entropy_loss_prob_target / cross_entropy_loss_label_smoothing),
// composed here the same way so the graph and the bits are PyTorch's.

#include <algorithm>
#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_record.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/mem_overlap.h"
#include "core/ops/nll_loss.h"
#include "core/ops/op_recorder.h"
#include "core/ops/soft_target_losses.h"
#include "core/ops/type_promotion.h"

namespace agv::ops {

// ---------------------------------------------------------------- xlogy

namespace {

/// xlogy_kernel (cpu_kernel, no vector body): NaN for a NaN y, 0 for x == 0, else x * log(y).
Tensor xlogyValues(const Tensor& a, const Tensor& b, ScalarType type)
{
    const Tensor x = kernel::convert(a, type), y = kernel::convert(b, type);
    const IntList shape = broadcastShapes(x.sizes(), y.sizes());
    return AGV_DISPATCH_FLOATING_AND_HALF(type, "xlogy_cpu", [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(x, y, shape, type, [](auto p, auto q) {
            using V = decltype(p);
            if (kernel::isNan(q))
                return V(NAN);
            if (p == V(0))
                return V(0);
            // std::log of a c10::BFloat16 is c10's overload, which rounds the logarithm to
            // bfloat16 before the product; a c10::Half converts to float, so x * log(y)
            // stays in float and rounds once.
            if constexpr (std::is_same_v<V, BFloat16>)
                return p * BFloat16(std::log(float(q)));
            else if constexpr (std::is_same_v<V, Half>)
                return V(float(p) * std::log(float(q)));
            else
                return V(p * std::log(q));
        });
    });
}

/// a & b for bool tensors (broadcast), outside the graph.
Tensor logicalAnd(const Tensor& a, const Tensor& b)
{
    return kernel::mapBinary<bool, bool>(a, b, broadcastShapes(a.sizes(), b.sizes()), ScalarType::Bool,
                                         [](bool p, bool q) { return p && q; });
}

/// XlogyBackward0: saved(0) is self, saved(1) other.
variable_list xlogyBackward(BackwardNode& n, const variable_list& g)
{
    const Tensor self = n.saved(0), other = n.saved(1);
    Tensor gradSelf, gradOther;
    // Note [Backward formulas run in input-name order]: other's first.
    if (n.needsInputGrad(1))
        gradOther = div(mul(g[0], self), other);
    // See PyTorch's Note [Gradient formula for xlogy at x = 0, y <= 0]: 0 there.
    if (n.needsInputGrad(0))
        gradSelf = maskedFill(xlogy(g[0], other),
                              logicalAnd(compare(self, Scalar(0.0), CompareOp::Eq),
                                         compare(other, Scalar(0.0), CompareOp::Le)),
                              Scalar(0.0));
    return variable_list{gradSelf, gradOther};
}

/// XlogyBackward2: saved(0) is self; 0 where self is 0 unless other > 0.
BackwardNode::Rule xlogyNumberBackward(Scalar other)
{
    return [other](BackwardNode& n, const variable_list& g) {
        Tensor grad = xlogy(g[0], other);
        if (!(other.toDouble() > 0.0))
            grad = maskedFill(grad, compare(n.saved(0), Scalar(0.0), CompareOp::Eq), Scalar(0.0));
        return variable_list{grad};
    };
}

/// TensorIterator's checks of an in-place xlogy: the float result must fit self's dtype
/// and the broadcast shape must be self's.
void checkXlogyInto(const Tensor& self, ScalarType resultType, const IntList& otherSizes)
{
    AGV_CHECK(canCast(resultType, self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(resultType),
              " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
    const IntList shape = broadcastShapes(self.sizes(), otherSizes);
    AGV_CHECK(shape == self.sizes(), RuntimeError, "output with shape ", sizesToString(self.sizes()),
              " doesn't match the broadcast shape ", sizesToString(shape));
}

}  // namespace

Tensor pairwiseDistance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim)
{
    const int64_t innermost = std::max(x1.dim(), x2.dim()) - 1;
    return norm(internal::addScalar(sub(x1, x2), Scalar(eps)), Scalar(p), {innermost}, keepdim);
}

Tensor xlogy(const Tensor& self, const Tensor& other)
{
    checkSameDevice(self, other);
    Tensor out = xlogyValues(self, other, floatResultType(resultType({&self, &other})));
    OpRecorder rec("XlogyBackward0", {&self, &other}, xlogyBackward);
    rec.save("self", self);
    rec.save("other", other);
    // xlogy(self_t, other_p).masked_fill((self_p == 0) & (other_p <= 0), 0) + other_t * self_p / other_p
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& other = t.primal(1);
        const Tensor fromSelf = maskedFill(xlogy(t[0], other),
                                           logicalAnd(compare(self, Scalar(0.0), CompareOp::Eq),
                                                      compare(other, Scalar(0.0), CompareOp::Le)),
                                           Scalar(0.0));
        return addTangentTerms(fromSelf, false, div(mul(t[1], self), other), t.isZero(1));
    });
    return rec.finish(out);
}

Tensor xlogy(Scalar self, const Tensor& other)
{
    const Tensor selfTensor = scalarTensor(self, other.device());
    Tensor out = xlogyValues(selfTensor, other, floatResultType(resultType(other, self)));
    OpRecorder rec("XlogyBackward1", {&other}, [self](BackwardNode& n, const variable_list& g) {
        return variable_list{div(mul(g[0], self), n.saved(0))};
    });
    rec.attr("self", scalarAttr(self));
    rec.save("other", other);
    // auto_element_wise: other_t * self / other_p
    rec.forward([self, &other](const InputTangents& t, const Tensor&) { return div(mul(t[0], self), other); });
    return rec.finish(out);
}

Tensor xlogy(const Tensor& self, Scalar other)
{
    const Tensor otherTensor = scalarTensor(other, self.device());
    Tensor out = xlogyValues(self, otherTensor, floatResultType(resultType(self, other)));
    OpRecorder rec("XlogyBackward2", {&self}, xlogyNumberBackward(other));
    rec.save("self", self);
    rec.attr("other", scalarAttr(other));
    // auto_element_wise: xlogy(self_t, other), 0 where self_p == 0 and other <= 0
    rec.forward([&self, other](const InputTangents& t, const Tensor&) {
        Tensor tangent = xlogy(t[0], other);
        if (!(other.toDouble() > 0.0))
            tangent = maskedFill(tangent, compare(self, Scalar(0.0), CompareOp::Eq), Scalar(0.0));
        return tangent;
    });
    return rec.finish(out);
}

// ---------------------------------------------------------------- kl_div

Tensor klDiv(const Tensor& input, const Tensor& target, Reduction reduction, bool logTarget)
{
    AGV_CHECK(isFloatingType(input.dtype()) && isFloatingType(target.dtype()), RuntimeError,
              "kl_div: Integral inputs not supported.");
    const Tensor output =
        logTarget ? mul(exp(target), sub(target, input)) : sub(xlogy(target, target), mul(target, input));
    return applyLossReduction(output, reduction);
}

Tensor klDiv(const Tensor& input, const Tensor& target, int64_t reduction, bool logTarget)
{
    // apply_loss_reduction: a number that is neither mean (1) nor sum (2) leaves the loss unreduced.
    return klDiv(input, target,
                 reduction == 1 ? Reduction::Mean : reduction == 2 ? Reduction::Sum : Reduction::None, logTarget);
}

// ---------------------------------------------------------------- cross_entropy

namespace {

void checkLabelSmoothing(double labelSmoothing)
{
    AGV_CHECK(labelSmoothing <= 1.0, RuntimeError, "label_smoothing must be between 0.0 and 1.0. Got: ",
              labelSmoothing);
}

/// The class weights as [1, C, 1, ...] against an input of `dims` dimensions (as given for 1-D).
Tensor weightAlongClasses(const Tensor& weight, int64_t dims, int64_t classDim)
{
    if (dims <= 1)
        return weight;
    IntList shape(size_t(dims), 1);
    shape[size_t(classDim)] = weight.sizes()[0];
    return view(weight, shape);
}

/// cross_entropy_loss_prob_target: -sum(log_softmax(self) * target [* weight]), averaged
/// over the batch elements for a mean.
Tensor crossEntropyProbTarget(const Tensor& self, Tensor target, const Tensor& weight, Reduction reduction,
                              double labelSmoothing)
{
    const int64_t classDim = self.dim() == 1 ? 0 : 1;
    const int64_t classes = self.sizes()[size_t(classDim)];
    AGV_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == classes), RuntimeError,
              "cross_entropy: weight tensor should be defined either for all ", classes,
              " classes or no classes but got weight tensor of shape: ", sizesToString(weight.sizes()));
    const Tensor input = logSoftmax(self, classDim);
    if (labelSmoothing > 0.0) {
        checkLabelSmoothing(labelSmoothing);
        target = internal::addScalar(internal::mulScalar(target, Scalar(1 - labelSmoothing)), Scalar(labelSmoothing / double(classes)));
    }
    Tensor terms = mul(input, target);
    if (weight.defined())
        terms = mul(terms, weightAlongClasses(weight, input.dim(), classDim));
    switch (reduction) {
    case Reduction::Mean:
        if (input.numel() == 0) {
            Tensor out = neg(sum(terms));
            return fillInplace(out, Scalar(double(NAN)));
        }
        return internal::divScalar(neg(sum(terms)), Scalar(input.numel() / classes));
    case Reduction::Sum:
        return neg(sum(terms));
    case Reduction::None:
        break;
    }
    return neg(sum(terms, {classDim}));
}

/// cross_entropy_loss_label_smoothing: (1 - eps) * nll_loss + eps / C * the (weighted) sum
/// of -log_softmax over the classes, 0 at ignored targets; a weighted mean divides by the
/// ignored-free targets' weights, as nll_loss does.
Tensor crossEntropyLabelSmoothing(const Tensor& self, const Tensor& target, const Tensor& weight,
                                  Reduction reduction, int64_t ignoreIndex, double labelSmoothing)
{
    const int64_t classDim = self.dim() == 1 ? 0 : 1;
    const Tensor input = logSoftmax(self, classDim);
    const Tensor nllloss = nllLoss(input, target, weight, reduction, ignoreIndex);
    const int64_t classes = input.sizes()[size_t(classDim)];
    Tensor smoothLoss = weight.defined()
                            ? neg(sum(mul(input, weightAlongClasses(weight, input.dim(), classDim)), {classDim}))
                            : neg(sum(input, {classDim}));
    const Tensor ignoreMask = compare(target, Scalar(ignoreIndex), CompareOp::Eq);
    indexPutInplace(smoothLoss, ignoreMask, zeros({}, smoothLoss.dtype(), smoothLoss.device()));
    Tensor ret = smoothLoss;
    if (reduction == Reduction::Mean && weight.defined())
        ret = div(sum(smoothLoss), sum(gather(weight, 0, flatten(maskedSelect(target, logicalNot(ignoreMask))))));
    else if (reduction == Reduction::Mean)
        ret = mean(maskedSelect(smoothLoss, logicalNot(ignoreMask)));
    else if (reduction == Reduction::Sum)
        ret = sum(smoothLoss);
    return add(internal::mulScalar(nllloss, Scalar(1 - labelSmoothing)), internal::mulScalar(ret, Scalar(labelSmoothing / double(classes))));
}

}  // namespace

Tensor crossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
                    int64_t ignoreIndex, double labelSmoothing)
{
    if (input.sizes() == target.sizes()) {
        // The same shape: class probabilities.
        AGV_CHECK(isFloatingType(target.dtype()), RuntimeError,
                  "Expected floating point type for target with class probabilities, got ",
                  legacyDtypeShortName(target.dtype()));
        AGV_CHECK(ignoreIndex < 0, RuntimeError, "ignore_index is not supported for floating point target");
        return crossEntropyProbTarget(input, target, weight, reduction, labelSmoothing);
    }
    if (labelSmoothing > 0.0) {
        checkLabelSmoothing(labelSmoothing);
        // index_put_ with a 0-d mask (an unbatched input's ignore mask) is missing from the engine.
        AGV_CHECK(target.dim() > 0, NotImplementedError,
                  "autogradviz: cross_entropy(label_smoothing=...) with an unbatched input is not supported yet");
        return crossEntropyLabelSmoothing(input, target, weight, reduction, ignoreIndex, labelSmoothing);
    }
    return nllLoss(logSoftmax(input, input.dim() == 1 ? 0 : 1), target, weight, reduction, ignoreIndex);
}

Tensor crossEntropy(const Tensor& input, const Tensor& target, Reduction reduction)
{
    return crossEntropy(input, target, Tensor(), reduction, -100, 0.0);
}

Tensor& xlogyInplace(Tensor& self, const Tensor& other)
{
    checkSameDevice(self, other);
    const Tensor& otherRef = other;
    InplaceRecord record;
    record.opName = "xlogy_";
    record.nodeName = "XlogyBackward0";
    record.rule = xlogyBackward;
    record.needsOriginalSelf = true;
    record.save = [&otherRef](OpRecorder& rec, const Tensor& originalSelf) {
        rec.save("self", originalSelf);
        rec.save("other", otherRef);
    };
    record.forward = [&otherRef](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor fromSelf = maskedFill(xlogy(t[0], otherRef),
                                           logicalAnd(compare(self, Scalar(0.0), CompareOp::Eq),
                                                      compare(otherRef, Scalar(0.0), CompareOp::Le)),
                                           Scalar(0.0));
        return addTangentTerms(fromSelf, false, div(mul(t[1], self), otherRef), t.isZero(1));
    };
    return recordInplace(self, {&self, &other}, record, [&] {
        checkNoPartialOverlap(self, other);  // See Note [Partial overlap of an in-place op's input]
        const ScalarType resultType = floatResultType(ops::resultType({&self, &other}));
        checkXlogyInto(self, resultType, other.sizes());
        return xlogyValues(self, other, resultType);
    });
}

Tensor& xlogyInplace(Tensor& self, Scalar other)
{
    InplaceRecord record;
    record.opName = "xlogy_";
    record.nodeName = "XlogyBackward2";
    record.rule = xlogyNumberBackward(other);
    record.needsOriginalSelf = true;
    record.save = [other](OpRecorder& rec, const Tensor& originalSelf) {
        rec.save("self", originalSelf);
        rec.attr("other", scalarAttr(other));
    };
    record.forward = [other](const InputTangents& t, const Tensor&) {
        Tensor tangent = xlogy(t[0], other);
        if (!(other.toDouble() > 0.0))
            tangent = maskedFill(tangent, compare(t.primal(0), Scalar(0.0), CompareOp::Eq), Scalar(0.0));
        return tangent;
    };
    return recordInplace(self, {&self}, record, [&] {
        const ScalarType resultType = floatResultType(ops::resultType(self, other));
        checkXlogyInto(self, resultType, {});
        return xlogyValues(self, scalarTensor(other, self.device()), resultType);
    });
}

}  // namespace agv::ops

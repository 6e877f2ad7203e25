// In-place ops: they write into `self`, bump its version counter (shared with
// every view), and rewrite self's history (see Note [View + inplace]).

#include <algorithm>
#include <cmath>
#include <string_view>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/activations.h"
#include "core/ops/gpu_dispatch.h"
#include "core/ops/index_put.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/internal_ops.h"
#include "core/ops/hardtanh.h"
#include "core/ops/inplace_checks.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/inplace_unary.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_fill.h"
#include "core/ops/mem_overlap.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/ops/overlapping_copy.h"
#include "core/ops/pointwise_extra.h"
#include "core/ops/sigmoid_tanh.h"
#include "core/ops/type_promotion.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

void checkBroadcastInto(const Tensor& self, const Tensor& other)
{
    const IntList shape = broadcastShapes(self.sizes(), other.sizes());
    AGV_CHECK(shape == self.sizes(), RuntimeError, "output with shape ", sizesToString(self.sizes()),
              " doesn't match the broadcast shape ", sizesToString(shape));
}

void checkResultType(const Tensor& self, const Tensor& other)
{
    const bool requiresGrad = self.requiresGrad() || other.requiresGrad();
    checkInplace(self, requiresGrad);
    // VariableType collects the inputs' gradient edges before TensorIterator's checks run:
    // a stale multi-output view as `other` is refused first.
    if (requiresGrad && GradMode::isEnabled()) {
        gradientEdgeFirst(self);
        gradientEdgeFirst(other);
    }
    checkNoInternalOverlap(self);
    checkNoPartialOverlap(self, other);  // See Note [Partial overlap of an in-place op's input]
    checkBroadcastInto(self, other);
    checkOutputDevice(self, other);
    const ScalarType result = resultType({&self, &other});
    AGV_CHECK(canCast(result, self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(result),
              " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
}

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// Whether an in-place op takes float16 / bfloat16: only where PyTorch 1.13's CPU kernel does.
constexpr bool kTakesHalf = true;

/// self = f(self, other) elementwise, other broadcast to self's shape.
template <bool TakesHalf = false, typename F>
void binaryInplaceKernel(const Tensor& self, const Tensor& other, F f)
{
    AGV_CHECK(isExpandableTo(other.sizes(), self.sizes()), RuntimeError, "output with shape ",
              sizesToString(self.sizes()), " doesn't match the broadcast shape ",
              sizesToString(broadcastShapes(self.sizes(), other.sizes())));
    // TensorIterator computes in the operands' common dtype and casts the result to self's:
    // a float tensor += a double one adds in double, then rounds once to float.
    const ScalarType common = resultType({&self, &other});
    if (common != self.dtype() && canCast(common, self.dtype())) {
        const Tensor wide = kernel::convert(self, common);
        binaryInplaceKernel<true>(wide, other, f);
        kernel::copyInto(self, wide);
        return;
    }
    Tensor o = kernel::convert(other, self.dtype());
    AGV_DISPATCH_ALL_MAYBE_HALF(TakesHalf, self.dtype(), "inplace", [&] {
        using T = scalar_t;
        kernel::mapInplace<T>(self, o, [&](T a, T b) { return T(f(a, b)); });
    });
}

/// binaryInplaceKernel, or the GPU's kernel `gpuOp` for a cuda self (Note [GPU kernels]).
template <bool TakesHalf = false, typename F>
void binaryInplaceKernel(gpu::BinaryOp gpuOp, double alpha, const Tensor& self, const Tensor& other, F f)
{
    if (!gpu_dispatch::binaryInPlace(gpuOp, self, other, alpha))
        binaryInplaceKernel<TakesHalf>(self, other, f);
}

/// `name`: PyTorch's kernel, for its "not implemented for 'Half'" error.
template <bool TakesHalf = false, typename F>
void unaryInplaceKernel(const Tensor& self, F f, const char* name = "inplace")
{
    AGV_DISPATCH_ALL_MAYBE_HALF(TakesHalf, self.dtype(), name, [&] {
        using T = scalar_t;
        kernel::mapInplace<T>(self, self, [&](T a, T) { return T(f(a)); });
    });
}

/// Shared skeleton: check, record edges from the old history, compute, bump, rebase.
template <typename Compute, typename Save>
Tensor& applyInplace(Tensor& self, std::initializer_list<const Tensor*> inputs, const char* opName,
                     const char* nodeName, BackwardNode::Rule rule, bool needsOriginalSelf, bool saveResult,
                     Compute compute, Save save, ForwardRule forwardRule = nullptr)
{
    bool requiresGrad = false;
    for (const Tensor* t : inputs)
        requiresGrad = requiresGrad || (t && t->defined() && t->requiresGrad());
    const std::string_view op(opName);
    // copy_'s requires_grad &= isDifferentiableType(self): no view or leaf check either.
    const bool recordsNothing = op == "copy_" && !isFloatingType(self.dtype());
    checkInplace(self, requiresGrad && !recordsNothing);
    // Fill is idempotent, so overlap is okay (PyTorch's fill_ skips the check).
    if (op != "fill_" && op != "zero_")
        checkNoInternalOverlap(self);
    if (recordsNothing) {
        // copy_ into an integer tensor records nothing (its codegen checks
        // isDifferentiableType; fill_ does not, and an int tensor filled from a tensor that
        // requires grad gets a FillBackward3, as in PyTorch).
        checkNotZeroTensor(self);
        compute();
        self.bumpVersion(opName);
        return self;
    }
    OpRecorder rec(nodeName, inputs, std::move(rule));
    rec.forward(std::move(forwardRule));
    Tensor originalSelf;
    if (rec.active() && needsOriginalSelf)
        originalSelf = clone(self);
    if (rec.forwardActive()) {
        // The formula's self_p is self before the write (PyTorch clones it too).
        forward_ad::DisabledGuard primalsOnly;
        rec.setOriginalSelf(originalSelf.defined() ? originalSelf : clone(self));
    }
    // Inputs are saved before the kernel runs, as 1.13's VariableType does: an inference
    // input is refused with self untouched, and an input that is self itself (x.mul_(x))
    // is saved at the version the write then bumps.
    if (rec.active())
        save(rec, originalSelf);
    // The ZeroTensor fallback refuses below autograd, before the kernel writes.
    checkNotZeroTensor(self);
    InplaceIntercept intercept(nodeName, opName, inputs, self);
    compute();
    intercept.offer(self);
    self.bumpVersion(opName);
    if (rec.active())
        rebaseHistory(self, rec.node(), saveResult);
    intercept.announce(rec.active() ? rec.node()->id() : 0, self);
    rec.finishInplaceTangent(self);
    return self;
}

auto noSaves = [](OpRecorder&, const Tensor&) {};

/// copy_impl's is_same_data: self and src are views of the same elements, laid out alike.
bool sameData(const Tensor& self, const Tensor& src)
{
    return self.impl()->storage() == src.impl()->storage() && self.offset() == src.offset() &&
           self.strides() == src.strides() && self.sizes() == src.sizes() && self.dtype() == src.dtype();
}

}  // namespace

Tensor& unaryInplace(Tensor& self, const char* opName, const char* nodeName, InplaceSaves saves,
                     const std::function<Tensor(const Tensor&)>& values, BackwardNode::Rule rule,
                     ForwardRule forwardRule, bool floatResult,
                     const std::vector<std::pair<const char*, SavedAttr>>& attrs)
{
    AGV_CHECK(!floatResult || isFloatingType(self.dtype()), RuntimeError,
              "result type Float can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
    return applyInplace(
        self, {&self}, opName, nodeName, std::move(rule), saves == InplaceSaves::OriginalSelf,
        saves == InplaceSaves::Result,
        [&] {
            // The out-of-place kernel's values (SLEEF where PyTorch's loop uses it), into self.
            Tensor result;
            {
                trace::MuteGuard mute;
                GradModeGuard noGrad(false);
                forward_ad::DisabledGuard primalsOnly;
                result = values(self);
            }
            kernel::copyInto(self, result);
        },
        [saves, &attrs](OpRecorder& rec, const Tensor& originalSelf) {
            for (const auto& [name, value] : attrs)
                rec.attr(name, value);
            if (saves == InplaceSaves::OriginalSelf)
                rec.save("self", originalSelf);
        },
        std::move(forwardRule));
}

Tensor& addInplace(Tensor& self, const Tensor& other, Scalar alpha)
{
    checkResultType(self, other);
    const double al = alpha.toDouble();
    return applyInplace(
        self, {&self, &other}, "add_", "AddBackward0",
        [alpha](BackwardNode& n, const variable_list& g) {
            return variable_list{needs(n, 0) ? g[0] : Tensor(),
                                 needs(n, 1) ? (alpha.toDouble() == 1.0 ? g[0] : internal::mulScalar(g[0], alpha))
                                             : Tensor()};
        },
        false, false, [&] { binaryInplaceKernel<kTakesHalf>(gpu::BinaryOp::AddScaled, al, self, other, [al](auto a, auto b) { return addScaled(a, decltype(a)(al), b); }); },
        [&](OpRecorder& rec, const Tensor&) { rec.attr("alpha", scalarAttr(alpha)); },
        [alpha](const InputTangents& t, const Tensor&) {
            return addTangentTerms(t[0], t.isZero(0), alpha.toDouble() == 1.0 ? t[1] : mul(t[1], alpha), t.isZero(1));
        });
}

Tensor& addInplace(Tensor& self, Scalar other, Scalar alpha)
{
    return addInplace(self, scalarTensor(other, self.device()), alpha);
}

Tensor& subInplace(Tensor& self, const Tensor& other, Scalar alpha)
{
    checkInplace(self, self.requiresGrad() || other.requiresGrad());
    checkSubtraction(self.dtype(), other.dtype());
    checkResultType(self, other);
    const double al = alpha.toDouble();
    return applyInplace(
        self, {&self, &other}, "sub_", "SubBackward0",
        [alpha](BackwardNode& n, const variable_list& g) {
            return variable_list{needs(n, 0) ? g[0] : Tensor(),
                                 needs(n, 1) ? neg(alpha.toDouble() == 1.0 ? g[0] : mul(g[0], alpha)) : Tensor()};
        },
        false, false, [&] {
            binaryInplaceKernel<kTakesHalf>(gpu::BinaryOp::AddScaled, -al, self, other, [al](auto a, auto b) { return addScaled(a, decltype(a)(-al), b); });
        },
        [&](OpRecorder& rec, const Tensor&) { rec.attr("alpha", scalarAttr(alpha)); },
        [alpha](const InputTangents& t, const Tensor&) {
            return subTangentTerms(t[0], t.isZero(0), alpha.toDouble() == 1.0 ? t[1] : mul(t[1], alpha), t.isZero(1));
        });
}

Tensor& subInplace(Tensor& self, Scalar other, Scalar alpha)
{
    return subInplace(self, scalarTensor(other, self.device()), alpha);
}

Tensor& mulInplace(Tensor& self, const Tensor& other)
{
    checkResultType(self, other);
    const bool otherNeedsGrad = other.requiresGrad();
    return applyInplace(
        self, {&self, &other}, "mul_", "MulBackward0",
        [](BackwardNode& n, const variable_list& g) {
            // Note [Backward formulas run in input-name order]: other's first.
            Tensor gradOther = needs(n, 1) ? mul(g[0], n.saved(1)) : Tensor();
            Tensor gradSelf = needs(n, 0) ? mul(g[0], n.saved(0)) : Tensor();
            return variable_list{gradSelf, gradOther};
        },
        otherNeedsGrad, false, [&] { binaryInplaceKernel<kTakesHalf>(gpu::BinaryOp::Mul, 1, self, other, [](auto a, auto b) { return a * b; }); },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save("other", rec.node()->needsInputGrad(0) ? other : Tensor());
            rec.save("self", rec.node()->needsInputGrad(1) ? originalSelf : Tensor());
        },
        [&other](const InputTangents& t, const Tensor&) {
            return addTangentTerms(mul(t[1], t.primal(0)), t.isZero(1), mul(t[0], other), t.isZero(0));
        });
}

Tensor& mulInplace(Tensor& self, Scalar other) { return mulInplace(self, scalarTensor(other, self.device())); }

Tensor& divInplace(Tensor& self, const Tensor& other)
{
    checkInplace(self, self.requiresGrad() || other.requiresGrad());
    checkNoInternalOverlap(self);
    checkNoPartialOverlap(self, other);
    checkBroadcastInto(self, other);
    // True division promotes integers to the default float type; a float `other` decides.
    ScalarType result = resultType({&self, &other});
    if (!isFloatingType(result))
        result = defaultFloatType();
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(result),
              " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
    const bool otherNeedsGrad = other.requiresGrad();
    return applyInplace(
        self, {&self, &other}, "div_", "DivBackward0",
        [](BackwardNode& n, const variable_list& g) {
            // self was saved only if other needed a gradient when the op ran; this backward
            // may not ask for other's (Note [Gradients toward nodes the task does not run]).
            size_t slot = 0;
            Tensor self = n.savedVariables().size() == 2 ? n.saved(slot++) : Tensor();
            Tensor other = n.saved(slot++);
            // Note [Backward formulas run in input-name order]: other's first.
            Tensor gradOther = needs(n, 1) ? mul(neg(g[0]), div(div(self, other), other)) : Tensor();
            Tensor gradSelf = needs(n, 0) ? div(g[0], other) : Tensor();
            return variable_list{gradSelf, gradOther};
        },
        otherNeedsGrad, false, [&] { binaryInplaceKernel<kTakesHalf>(gpu::BinaryOp::Div, 1, self, other, [](auto a, auto b) { return a / b; }); },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            if (rec.node()->needsInputGrad(1))
                rec.save("self", originalSelf);
            rec.save("other", other);
        },
        [&other](const InputTangents& t, const Tensor& result) {
            return div(subTangentTerms(t[0], t.isZero(0), mul(t[1], result), t.isZero(1)), other);
        });
}

Tensor& divInplace(Tensor& self, Scalar other) { return divInplace(self, scalarTensor(other, self.device())); }

Tensor& powInplace(Tensor& self, Scalar exponent)
{
    checkInplace(self);
    // pow's structured kernel computes in the promoted type and refuses an in-place
    // output of another dtype (an int self with a float exponent, a bool self with an int).
    const ScalarType expected = resultType(self, exponent);
    AGV_CHECK(expected == self.dtype(), RuntimeError, "Found dtype ", legacyDtypeShortName(self.dtype()),
              " but expected ", legacyDtypeShortName(expected));
    const double e = exponent.toDouble();
    return applyInplace(
        self, {&self}, "pow_", "PowBackward0",
        [e](BackwardNode& n, const variable_list& g) {
            const Tensor self = n.saved(0);  // unpacked first, as the generated code does
            if (e == 0.0)
                return variable_list{zerosLike(g[0])};
            // pow_backward: grad * (exponent * self.pow(exponent - 1)), as for pow
            return variable_list{mul(g[0], internal::mulScalar(pow(self, Scalar(e - 1.0)), Scalar(e)))};
        },
        true, false,
        [&] {
            // The values of pow's kernel (its special exponents, SLEEF), written into self.
            Tensor values;
            {
                trace::MuteGuard mute;
                GradModeGuard noGrad(false);
                values = pow(self, exponent);
            }
            kernel::copyInto(self, values);
        },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save("self", originalSelf);
            rec.attr("exponent", scalarAttr(exponent));
        },
        [e](const InputTangents& t, const Tensor&) {
            if (e == 0.0)
                return zerosLike(t.primal(0));
            return mul(t[0], mul(pow(t.primal(0), Scalar(e - 1.0)), Scalar(e)));
        });
}

Tensor& zeroInplace(Tensor& self)
{
    return applyInplace(
        self, {&self}, "zero_", "ZeroBackward0",
        [](BackwardNode&, const variable_list& g) { return variable_list{zerosLike(g[0])}; }, false, false,
        [&] { unaryInplaceKernel<kTakesHalf>(self, [](auto a) { return decltype(a)(0); }); }, noSaves,
        [](const InputTangents& t, const Tensor&) { return zerosLike(t.primal(0)); });
}

Tensor& fillInplace(Tensor& self, Scalar value)
{
    // Autograd's checks come first in PyTorch, then the kernel's value.to<T>() with its
    // overflow error ("value cannot be converted to type int8_t without overflow").
    checkInplace(self, self.requiresGrad());
    const Tensor fill = maskedFillValue(value, self);
    return applyInplace(
        self, {&self}, "fill_", "FillBackward2",
        [](BackwardNode&, const variable_list& g) { return variable_list{zerosLike(g[0])}; }, false, false,
        [&] { kernel::copyInto(self, fill); }, noSaves,
        [](const InputTangents& t, const Tensor&) { return zerosLike(t.primal(0)); });
}

Tensor& fillInplace(Tensor& self, const Tensor& value)
{
    AGV_CHECK(value.dim() == 0, RuntimeError,
              "fill_ only supports 0-dimension value tensor but got tensor with ", value.dim(), " dimensions.");
    return applyInplace(
        self, {&self, &value}, "fill_", "FillBackward3",
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{needs(n, 0) ? zerosLike(g[0]) : Tensor(), needs(n, 1) ? sum(g[0]) : Tensor()};
        },
        // fill_(Tensor) fills with value.item(), converted with Scalar::to<T>()'s overflow check.
        false, false, [&] { kernel::copyInto(self, maskedFillValue(value, self)); }, noSaves,
        [](const InputTangents& t, const Tensor&) {  // self_t.fill_(value_t)
            Tensor tangent = zerosLike(t.primal(0));
            kernel::copyInto(tangent, t[1]);
            return tangent;
        });
}

Tensor& copyInplace(Tensor& self, const Tensor& src)
{
    const ScalarType srcType = src.dtype();
    checkInplace(self, (self.requiresGrad() || src.requiresGrad()) && isFloatingType(self.dtype()));
    // copy_ is not refused by the ZeroTensor fallback but by its own kernel, in its own
    // words; from a ZeroTensor it zeroes self (See Note [ZeroTensor]).
    AGV_CHECK(!isZeroTensor(self), RuntimeError,
              "ZeroTensors are immutable. Please materialize the tensor using `.clone()`, if you want a mutable zero "
              "tensor.");
    checkNoInternalOverlap(self);
    // copy_impl returns early for the very same data (nothing to write, but autograd still
    // records CopyBackwards and bumps the version); any other overlap is refused.
    if (!sameData(self, src))
        checkNoPartialOverlap(self, src);
    checkBroadcastInto(self, src);
    // A source in self's own memory is read as 1.13's loop reads it, after some of its
    // elements were written (See Note [copy_ from an overlapping view of itself]); in
    // another dtype, it is read whole first.
    const bool sharesStorage = self.impl()->storage() == src.impl()->storage();
    const bool inLoopOrder = sharesStorage && src.dtype() == self.dtype() && !sameData(self, src);
    Tensor source = sharesStorage && !inLoopOrder ? detachedClone(src) : src;
    auto write = [&] {
        if (inLoopOrder)
            kernel::copyInLoopOrder(self, source);
        else
            kernel::copyInto(self, source);
    };
    return applyInplace(
        self, {&self, &src}, "copy_", "CopyBackwards",
        [srcType](BackwardNode& n, const variable_list& g) {
            Tensor gs = needs(n, 0) ? zerosLike(g[0]) : Tensor();
            Tensor gsrc;
            if (needs(n, 1))
                // src: grad->to(src_options), cast before validate_outputs sums it to src's
                // shape, so a broadcast float32 -> float64 copy sums in float64.
                gsrc = toDtype(g[0], srcType);
            return variable_list{gs, gsrc};
        },
        false, false, write, noSaves,
        [](const InputTangents& t, const Tensor& result) {
            return toDtype(expand(t[1], result.sizes()), result.dtype());
        });
}

Tensor& indexPutInplace(Tensor& self, const Tensor& key, const Tensor& values)
{
    return indexPutInplace(self, TensorList{key}, values, false);
}

Tensor& indexPutInplace(Tensor& self, const TensorList& indices, const Tensor& values, bool accumulate)
{
    checkInplace(self, self.requiresGrad() || values.requiresGrad());  // autograd's check comes first
    const internal::IndexPutPlan plan = internal::planIndexPut(self, indices, values, accumulate, true);
    return applyInplace(
        self, {&self, &values}, "index_put_", "IndexPutBackward0",
        internal::indexPutBackward(plan.where, values, accumulate), false, false,
        [&] { internal::writeIndexed(self, plan.where, plan.source, accumulate); },
        [&](OpRecorder& rec, const Tensor&) {
            rec.attr("accumulate", accumulate);
            for (const Tensor& key : indices)
                rec.save("indices", key);
        },
        internal::indexPutForward(indices, accumulate));
}

Tensor& clampInplace(Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max)
{
    AGV_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    // A float bound would promote the result (see clamp); in place that is refused, in the
    // words of PyTorch 1.13's CPU kernel, which names the C++ type.
    AGV_CHECK(!isIntegralType(self.dtype(), false) || !((min && min->isFloating()) || (max && max->isFloating())),
              RuntimeError, "result type Float can't be cast to the desired output type ", typeMetaName(self.dtype()));
    const double lo = min ? min->toDouble() : -INFINITY;
    const double hi = max ? max->toDouble() : INFINITY;
    return applyInplace(
        self, {&self}, "clamp_", "ClampBackward1",
        [lo, hi](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::clampBackward(g[0], n.saved(0), lo, hi)};
        },
        true, false,
        [&] {
            // bfloat16 too, float16 not (Note [bfloat16 unary math]).
            if (self.dtype() == ScalarType::Half)
                throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "clamp_scalar_cpu");
            unaryInplaceKernel<kTakesHalf>(self, [lo, hi](auto a) {
                using T = decltype(a);
                if (std::isnan(double(a)))
                    return a;
                if constexpr (std::is_same_v<T, BFloat16>)
                    return T(std::min(std::max(double(a), double(T(float(lo)))), double(T(float(hi)))));
                return T(std::min(std::max(double(a), lo), hi));
            }, "clamp_scalar_cpu");
        },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save("self", originalSelf);
            rec.attr("min", min ? scalarAttr(*min) : SavedAttr(NoneValue{}));
            rec.attr("max", max ? scalarAttr(*max) : SavedAttr(NoneValue{}));
        },
        [lo, hi](const InputTangents& t, const Tensor&) {
            const Tensor& original = t.primal(0);
            Tensor inside =
                mul(compare(original, Scalar(lo), CompareOp::Ge), compare(original, Scalar(hi), CompareOp::Le));
            return where(inside, t[0], zeros({}, t[0].dtype(), t[0].device()));
        });
}

Tensor& reluInplace(Tensor& self)
{
    AGV_CHECK(self.dtype() != ScalarType::Bool, RuntimeError, "Boolean inputs not supported for relu");
    return applyInplace(
        self, {&self}, "relu_", "ReluBackward0",
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::thresholdBackward(g[0], n.saved(0), Scalar(0))};
        },
        false, true,
        [&] {
            // bfloat16 too, float16 not (Note [bfloat16 unary math]).
            if (self.dtype() == ScalarType::Half)
                throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "clamp_min_cpu");
            if (gpu_dispatch::unaryInPlace(gpu::UnaryOp::Relu, self))
                return;
            unaryInplaceKernel<kTakesHalf>(self, [](auto a) { return a < decltype(a)(0) ? decltype(a)(0) : a; },
                                           "clamp_min_cpu");
        },
        noSaves,
        [](const InputTangents& t, const Tensor& r) {
            return maskedFill(t[0], compare(r, Scalar(0), CompareOp::Le), Scalar(0));
        });
}

Tensor& sigmoidInplace(Tensor& self)
{
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "result type Float can't be cast to the desired output type ",
              legacyDtypeShortName(self.dtype()));
    return applyInplace(
        self, {&self}, "sigmoid_", "SigmoidBackward0",
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::sigmoidBackward(g[0], n.saved(0))};
        },
        false, true, [&] { kernel::copyInto(self, kernel::sigmoidValues(self, true)); }, noSaves,
        [](const InputTangents& t, const Tensor& r) { return mul(mul(t[0], rsub(r, 1)), r); });
}

Tensor& tanhInplace(Tensor& self)
{
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "result type Float can't be cast to the desired output type ",
              legacyDtypeShortName(self.dtype()));
    return applyInplace(
        self, {&self}, "tanh_", "TanhBackward0",
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::tanhBackward(g[0], n.saved(0))};
        },
        false, true, [&] { kernel::copyInto(self, kernel::tanhValues(self)); }, noSaves,
        [](const InputTangents& t, const Tensor& r) { return internal::tanhBackward(t[0], r); });
}

Tensor& expInplace(Tensor& self)
{
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "result type Float can't be cast to the desired output type ",
              legacyDtypeShortName(self.dtype()));
    return applyInplace(
        self, {&self}, "exp_", "ExpBackward0",
        [](BackwardNode& n, const variable_list& g) { return variable_list{mul(g[0], n.saved(0))}; }, false, true,
        [&] {
            // exp's kernel (SLEEF on contiguous runs, as PyTorch's vectorised loop), into self.
            Tensor values;
            {
                trace::MuteGuard mute;
                GradModeGuard noGrad(false);
                values = exp(self);
            }
            kernel::copyInto(self, values);
        },
        noSaves,
        [](const InputTangents& t, const Tensor& r) { return mul(t[0], r); });
}

// ---------------------------------------------------------------- unary in place
// Each writes its out-of-place op's values into self and records that op's node with its
// formula; PyTorch's in-place codegen saves a clone of self where the formula reads
// `self` (AbsBackward0, LogBackward0, SinBackward0, CosBackward0) and self itself where
// it reads `result` (SqrtBackward0, RsqrtBackward0, ReciprocalBackward0).

namespace {

BackwardNode::Rule zeroGradient()
{
    return [](BackwardNode&, const variable_list& g) { return variable_list{zerosLike(g[0])}; };
}

ForwardRule zeroTangent()
{
    return [](const InputTangents& t, const Tensor&) { return zerosLike(t[0]); };
}

}  // namespace

Tensor& absInplace(Tensor& self)
{
    // abs: grad * self.sgn()
    return unaryInplace(
        self, "abs_", "AbsBackward0", InplaceSaves::OriginalSelf, [](const Tensor& t) { return abs(t); },
        [](BackwardNode& n, const variable_list& g) { return variable_list{mul(g[0], sgn(n.saved(0)))}; },
        [](const InputTangents& t, const Tensor&) { return mul(t[0], sgn(t.primal(0))); }, false);
}

Tensor& negInplace(Tensor& self)
{
    return unaryInplace(
        self, "neg_", "NegBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return neg(t); },
        [](BackwardNode&, const variable_list& g) { return variable_list{neg(g[0])}; },
        [](const InputTangents& t, const Tensor&) { return neg(t[0]); }, false);
}

Tensor& sqrtInplace(Tensor& self)
{
    return unaryInplace(
        self, "sqrt_", "SqrtBackward0", InplaceSaves::Result, [](const Tensor& t) { return sqrt(t); },
        [](BackwardNode& n, const variable_list& g) { return variable_list{div(g[0], mul(n.saved(0), 2))}; },
        [](const InputTangents& t, const Tensor& result) { return div(t[0], mul(result, 2)); }, true);
}

Tensor& rsqrtInplace(Tensor& self)
{
    return unaryInplace(
        self, "rsqrt_", "RsqrtBackward0", InplaceSaves::Result, [](const Tensor& t) { return rsqrt(t); },
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{mul(mul(g[0], pow(n.saved(0), Scalar(3))), -0.5)};
        },
        [](const InputTangents& t, const Tensor& r) { return mul(mul(t[0], pow(r, Scalar(3))), -0.5); }, true);
}

Tensor& logInplace(Tensor& self)
{
    return unaryInplace(
        self, "log_", "LogBackward0", InplaceSaves::OriginalSelf, [](const Tensor& t) { return log(t); },
        [](BackwardNode& n, const variable_list& g) { return variable_list{div(g[0], n.saved(0))}; },
        [](const InputTangents& t, const Tensor&) { return div(t[0], t.primal(0)); }, true);
}

Tensor& reciprocalInplace(Tensor& self)
{
    return unaryInplace(
        self, "reciprocal_", "ReciprocalBackward0", InplaceSaves::Result,
        [](const Tensor& t) { return reciprocal(t); },
        [](BackwardNode& n, const variable_list& g) {
            const Tensor r = n.saved(0);
            Tensor square = mul(r, r);
            return variable_list{mul(neg(g[0]), square)};
        },
        [](const InputTangents& t, const Tensor& r) { return mul(neg(t[0]), mul(r, r)); }, true);
}

Tensor& sinInplace(Tensor& self)
{
    return unaryInplace(
        self, "sin_", "SinBackward0", InplaceSaves::OriginalSelf, [](const Tensor& t) { return sin(t); },
        [](BackwardNode& n, const variable_list& g) { return variable_list{mul(g[0], cos(n.saved(0)))}; },
        [](const InputTangents& t, const Tensor&) { return mul(t[0], cos(t.primal(0))); }, true);
}

Tensor& cosInplace(Tensor& self)
{
    return unaryInplace(
        self, "cos_", "CosBackward0", InplaceSaves::OriginalSelf, [](const Tensor& t) { return cos(t); },
        [](BackwardNode& n, const variable_list& g) { return variable_list{mul(g[0], neg(sin(n.saved(0))))}; },
        [](const InputTangents& t, const Tensor&) { return mul(t[0], neg(sin(t.primal(0)))); }, true);
}

Tensor& signInplace(Tensor& self)
{
    return unaryInplace(
        self, "sign_", "SignBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return sign(t); },
        zeroGradient(), zeroTangent(), false);
}

Tensor& floorInplace(Tensor& self)
{
    return unaryInplace(
        self, "floor_", "FloorBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return floor(t); },
        zeroGradient(), zeroTangent(), false);
}

Tensor& ceilInplace(Tensor& self)
{
    return unaryInplace(
        self, "ceil_", "CeilBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return ceil(t); },
        zeroGradient(), zeroTangent(), false);
}

Tensor& truncInplace(Tensor& self)
{
    return unaryInplace(
        self, "trunc_", "TruncBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return trunc(t); },
        zeroGradient(), zeroTangent(), false);
}

Tensor& roundInplace(Tensor& self)
{
    return unaryInplace(
        self, "round_", "RoundBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return round(t); },
        zeroGradient(), zeroTangent(), false);
}

Tensor& roundInplace(Tensor& self, int64_t decimals)
{
    return unaryInplace(
        self, "round_", "RoundBackward1", InplaceSaves::Nothing,
        [decimals](const Tensor& t) { return round(t, decimals); }, zeroGradient(), zeroTangent(), false);
}

Tensor& fracInplace(Tensor& self)
{
    return unaryInplace(
        self, "frac_", "FracBackward0", InplaceSaves::Nothing, [](const Tensor& t) { return frac(t); },
        [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; },
        [](const InputTangents& t, const Tensor&) { return clone(t[0]); }, false);
}

Tensor& logicalNotInplace(Tensor& self)
{
    // Not differentiable: PyTorch records nothing and skips autograd's checks, so self
    // keeps its grad_fn (even a leaf that requires grad may be overwritten).
    checkNoInternalOverlap(self);
    Tensor values = logicalNot(self);
    kernel::copyInto(self, values);
    self.bumpVersion("logical_not_");
    return self;
}

namespace {

/// masked_fill_'s checks in PyTorch's order: autograd's, then the kernel's (a 0-d value,
/// the mask as it reads it), then TensorIterator's broadcast of the mask into self.
Tensor checkMaskedFillInplace(const Tensor& self, const Tensor& mask, const Tensor* value)
{
    checkInplace(self, self.requiresGrad() || (value && value->requiresGrad()));
    if (value)
        AGV_CHECK(value->dim() == 0, RuntimeError,
                  "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ", value->dim(),
                  " dimension(s).");
    const Tensor boolMask = maskedFillMask(mask);
    checkNoInternalOverlap(self);
    checkBroadcastInto(self, boolMask);
    return boolMask;
}

/// Writes `fill` (a 0-d tensor in self's dtype) into self where boolMask is true.
void maskedFillKernel(const Tensor& self, const Tensor& boolMask, const Tensor& fill)
{
    Tensor values;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        values = where(boolMask, fill, detach(self));
    }
    kernel::copyInto(self, values);
}

}  // namespace

Tensor& maskedFillInplace(Tensor& self, const Tensor& mask, Scalar value)
{
    const Tensor boolMask = checkMaskedFillInplace(self, mask, nullptr);
    const Tensor fill = maskedFillValue(value, self);
    return applyInplace(
        self, {&self}, "masked_fill_", "MaskedFillBackward0",
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{maskedFill(g[0], n.saved(0), Scalar(0))};
        },
        false, false, [&] { maskedFillKernel(self, boolMask, fill); },
        [&](OpRecorder& rec, const Tensor&) { rec.save("mask", mask); },
        [mask](const InputTangents& t, const Tensor&) { return maskedFill(t[0], mask, Scalar(0)); });
}

Tensor& maskedFillInplace(Tensor& self, const Tensor& mask, const Tensor& value)
{
    const Tensor boolMask = checkMaskedFillInplace(self, mask, &value);
    const Tensor fill = maskedFillValue(value, self);
    return applyInplace(
        self, {&self, &value}, "masked_fill_", "MaskedFillBackward1",
        [](BackwardNode& n, const variable_list& g) {
            const Tensor savedMask = n.saved(0);
            return variable_list{needs(n, 0) ? maskedFill(g[0], savedMask, Scalar(0)) : Tensor(),
                                 needs(n, 1) ? maskedFillValueGrad(g[0], savedMask) : Tensor()};
        },
        false, false, [&] { maskedFillKernel(self, boolMask, fill); },
        [&](OpRecorder& rec, const Tensor&) { rec.save("mask", mask); },
        [boolMask](const InputTangents& t, const Tensor&) { return where(boolMask, t[1], t[0]); });
}

Tensor& hardtanhInplace(Tensor& self, Scalar min, Scalar max)
{
    Scalar lo = min, hi = max;
    internal::hardtanhBounds(self, lo, hi);
    // hardtanh_ has no formula of its own: hardtanh's, with the original self cloned.
    return applyInplace(
        self, {&self}, "hardtanh_", "HardtanhBackward0",
        [min, max](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::hardtanhBackward(g[0], n.saved(0), min, max)};
        },
        true, false, [&] { kernel::copyInto(self, internal::hardtanhValues(self, lo, hi)); },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            rec.attr("max_val", scalarAttr(max));
            rec.attr("min_val", scalarAttr(min));
            rec.save("self", originalSelf);
        },
        [min, max](const InputTangents& t, const Tensor&) {
            return internal::hardtanhBackward(t[0], t.primal(0), min, max);
        });
}

namespace {

/// An activation's in-place form that records the out-of-place node with a clone of the
/// original self (silu_, hardsigmoid_, hardswish_, mish_ in 1.13).
Tensor& clonedSelfInplace(Tensor& self, const char* opName, const char* nodeName, Tensor (*values)(const Tensor&),
                          Tensor (*backward)(const Tensor&, const Tensor&))
{
    return applyInplace(
        self, {&self}, opName, nodeName,
        [backward](BackwardNode& n, const variable_list& g) { return variable_list{backward(g[0], n.saved(0))}; },
        true, false, [&] { kernel::copyInto(self, values(self)); },
        [](OpRecorder& rec, const Tensor& originalSelf) { rec.save("self", originalSelf); },
        [backward](const InputTangents& t, const Tensor&) { return backward(t[0], t.primal(0)); });
}

}  // namespace

Tensor& siluInplace(Tensor& self)
{
    return clonedSelfInplace(self, "silu_", "SiluBackward0", internal::siluValues, internal::siluBackward);
}

Tensor& hardsigmoidInplace(Tensor& self)
{
    return clonedSelfInplace(self, "hardsigmoid_", "HardsigmoidBackward0", internal::hardsigmoidValues,
                             internal::hardsigmoidBackward);
}

Tensor& hardswishInplace(Tensor& self)
{
    return clonedSelfInplace(self, "hardswish_", "HardswishBackward0", internal::hardswishValues,
                             internal::hardswishBackward);
}

Tensor& mishInplace(Tensor& self)
{
    return clonedSelfInplace(self, "mish_", "MishBackward0", internal::mishValues, internal::mishBackward);
}

Tensor& eluInplace(Tensor& self, Scalar alpha, Scalar scale, Scalar inputScale)
{
    const internal::EluCoefficients c{alpha, scale, inputScale};
    return applyInplace(
        self, {&self}, "elu_", "EluBackward1",
        [c](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::eluBackward(g[0], c, true, n.saved(0))};
        },
        false, true, [&] { kernel::copyInto(self, internal::eluResultValues(self, c)); },
        [c](OpRecorder& rec, const Tensor&) {
            rec.attr("alpha", scalarAttr(c.alpha));
            rec.attr("scale", scalarAttr(c.scale));
            rec.attr("input_scale", scalarAttr(c.inputScale));
        },
        [c](const InputTangents& t, const Tensor& r) { return internal::eluBackward(t[0], c, true, r); });
}

Tensor& celuInplace(Tensor& self, Scalar alpha)
{
    const double a = alpha.toDouble();
    AGV_CHECK(a != 0, RuntimeError, "ZeroDivisionError: alpha cannot be 0 for CELU");
    // derivatives.yaml: elu_backward(grad, alpha, 1, 1.0 / alpha.toFloat(), true, result)
    const internal::EluCoefficients backwardCoefficients{alpha, 1, 1.0 / double(float(a))};
    return applyInplace(
        self, {&self}, "celu_", "CeluBackward1",
        [backwardCoefficients](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::eluBackward(g[0], backwardCoefficients, true, n.saved(0))};
        },
        false, true, [&] { kernel::copyInto(self, internal::eluResultValues(self, {alpha, 1.0, 1.0 / a})); },
        [alpha](OpRecorder& rec, const Tensor&) { rec.attr("alpha", scalarAttr(alpha)); },
        [backwardCoefficients](const InputTangents& t, const Tensor& r) {
            return internal::eluBackward(t[0], backwardCoefficients, true, r);
        });
}

Tensor& leakyReluInplace(Tensor& self, double negativeSlope)
{
    // leaky_relu_backward(grad, result, negative_slope, self_is_result=true) in 1.13.
    auto fromResult = [negativeSlope](const Tensor& grad, const Tensor& result) {
        AGV_CHECK(negativeSlope >= 0.0, RuntimeError,
                  "In-place leakyReLu backward calculation is triggered with a negative slope which is not "
                  "supported. This is caused by calling in-place forward function with a negative slope, please "
                  "call out-of-place version instead. File an issue at https://github.com/pytorch/pytorch if you "
                  "do require supporting in-place leakRelu backward calculation with negative slope");
        return internal::leakyReluBackward(grad, result, Scalar(negativeSlope));
    };
    return applyInplace(
        self, {&self}, "leaky_relu_", "LeakyReluBackward1",
        [fromResult](BackwardNode& n, const variable_list& g) { return variable_list{fromResult(g[0], n.saved(0))}; },
        false, true,
        [&] {
            // The out-of-place kernel's values, into self.
            Tensor values;
            {
                trace::MuteGuard mute;
                GradModeGuard noGrad(false);
                forward_ad::DisabledGuard primalsOnly;
                values = leakyRelu(self, negativeSlope);
            }
            kernel::copyInto(self, values);
        },
        [negativeSlope](OpRecorder& rec, const Tensor&) { rec.attr("negative_slope", negativeSlope); },
        [fromResult](const InputTangents& t, const Tensor& result) { return fromResult(t[0], result); });
}

Tensor& thresholdInplace(Tensor& self, Scalar threshold, Scalar value)
{
    return applyInplace(
        self, {&self}, "threshold_", "ThresholdBackward1",
        [threshold](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::thresholdBackward(g[0], n.saved(0), threshold)};
        },
        true, false, [&] { kernel::copyInto(self, internal::thresholdValues(self, threshold, value)); },
        [threshold](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save("self", originalSelf);
            rec.attr("threshold", scalarAttr(threshold));
        },
        [threshold](const InputTangents& t, const Tensor&) {
            return internal::thresholdBackward(t[0], t.primal(0), threshold);
        });
}

// ---------------------------------------------------------------- remainder, fmod, floor division, pow
// Each runs its out-of-place kernel in the promoted type (with that kernel's own errors:
// "not implemented for 'Bool'", ZeroDivisionError) before anything is written, then casts
// the values into self, as TensorIterator does for an in-place op.

namespace {

/// `values()` as an in-place op's kernel: muted, without grad or tangents.
template <typename Values>
Tensor kernelValues(Values values)
{
    return quietly(values);
}

/// Note [Integer division by zero in place]: PyTorch's integer remainder, fmod and floor
/// division kernels raise "ZeroDivisionError" at the first zero divisor, after writing
/// self's elements before it in the order their loop visits self (increasing memory
/// offset; tensors too small to be split among threads), where self has the dtype they
/// compute in. Our values are computed out of place first, so on that error the same
/// prefix is written into self, without a version bump, before the error goes on.
void writeBeforeFirstZeroDivisor(const Tensor& self, const Tensor& other,
                                 Tensor (*values)(const Tensor&, const Tensor&))
{
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    forward_ad::DisabledGuard primalsOnly;
    const Tensor divisor = contiguous(expand(other, self.sizes()));
    const Tensor isZero = compare(divisor, Scalar(0), CompareOp::Eq);
    const Tensor result = toDtype(values(self, where(isZero, onesLike(divisor), divisor)), self.dtype());
    const std::vector<int64_t> offsets = kernel::elementOffsets(self.sizes(), self.strides());
    std::vector<size_t> order(offsets.size());
    for (size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return offsets[a] < offsets[b]; });
    Tensor written = zeros(self.sizes(), ScalarType::Bool, self.device());
    bool* mask = written.data<bool>();
    for (size_t k : order) {
        if (isZero.intValueAt(int64_t(k)) != 0)
            break;
        mask[k] = true;
    }
    kernel::copyInto(self, where(written, result, self));
}

/// values(self, other) into self; see Note [Integer division by zero in place].
void writeDivisionValues(Tensor& self, const Tensor& other, Tensor (*values)(const Tensor&, const Tensor&))
{
    Tensor result;
    try {
        result = kernelValues([&] { return values(self, other); });
    } catch (const Error& e) {
        // A self of another dtype than the computation gets its values from a buffer
        // copied back only at the end: nothing is written.
        if (e.message() == "ZeroDivisionError" && resultType({&self, &other}) == self.dtype())
            writeBeforeFirstZeroDivisor(self, other, values);
        throw;
    }
    kernel::copyInto(self, result);
}

BackwardNode::Rule passGradient()
{
    return [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; };
}

ForwardRule passTangent()
{
    return [](const InputTangents& t, const Tensor&) { return clone(t[0]); };
}

/// RemainderBackward1 / FmodBackward1 in place: other's gradient is
/// -grad * self.div(other, rounding_mode) with self as it was before the write.
Tensor& roundedRemainderInplace(Tensor& self, const Tensor& other, const char* opName, const char* nodeName,
                                const char* roundingMode, Tensor (*values)(const Tensor&, const Tensor&))
{
    checkResultType(self, other);
    const std::string mode = roundingMode;
    return applyInplace(
        self, {&self, &other}, opName, nodeName,
        [mode](BackwardNode& n, const variable_list& g) {
            const Tensor other = n.saved(0), self = n.saved(1);  // PyTorch's order: other, self
            return variable_list{needs(n, 0) ? g[0] : Tensor(),
                                 needs(n, 1) ? mul(neg(g[0]), div(self, other, mode)) : Tensor()};
        },
        other.requiresGrad(), false, [&] { writeDivisionValues(self, other, values); },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            // Only other's gradient reads them, and 1.13 saves them only for it.
            const bool otherNeedsGrad = rec.node()->needsInputGrad(1);
            rec.save("other", otherNeedsGrad ? other : Tensor());
            rec.save("self", otherNeedsGrad ? originalSelf : Tensor());
        },
        [&other, mode](const InputTangents& t, const Tensor&) {
            return subTangentTerms(t[0], t.isZero(0), mul(t[1], div(t.primal(0), other, mode)), t.isZero(1));
        });
}

Tensor remainderValues(const Tensor& a, const Tensor& b) { return remainder(a, b); }
Tensor fmodValues(const Tensor& a, const Tensor& b) { return fmod(a, b); }
Tensor floorDivideValues(const Tensor& a, const Tensor& b) { return floorDivide(a, b); }

/// See Note [NotImplemented nodes]: the in-place node raises with the in-place op's name.
Tensor& floorDivideInplaceImpl(Tensor& self, const Tensor& other, bool otherIsNumber)
{
    checkResultType(self, other);
    refuseTangents("aten::floor_divide_", {&self, &other});
    OpRecorder rec = otherIsNumber ? notImplementedRecorder("floor_divide_", {&self})
                                   : notImplementedRecorder("floor_divide_", {&self, &other});
    writeDivisionValues(self, other, floorDivideValues);
    self.bumpVersion("floor_divide_");
    if (rec.active())
        rebaseHistory(self, rec.node());
    return self;
}

}  // namespace

Tensor& remainderInplace(Tensor& self, const Tensor& other)
{
    return roundedRemainderInplace(self, other, "remainder_", "RemainderBackward1", "floor", remainderValues);
}

Tensor& remainderInplace(Tensor& self, Scalar other)
{
    const Tensor number = scalarTensor(other, self.device());
    checkResultType(self, number);
    return applyInplace(
        self, {&self}, "remainder_", "RemainderBackward0", passGradient(), false, false,
        [&] { kernel::copyInto(self, kernelValues([&] { return remainder(self, number); })); }, noSaves,
        passTangent());
}

Tensor& fmodInplace(Tensor& self, const Tensor& other)
{
    return roundedRemainderInplace(self, other, "fmod_", "FmodBackward1", "trunc", fmodValues);
}

Tensor& fmodInplace(Tensor& self, Scalar other)
{
    const Tensor number = scalarTensor(other, self.device());
    checkResultType(self, number);
    return applyInplace(
        self, {&self}, "fmod_", "FmodBackward0", passGradient(), false, false,
        [&] { kernel::copyInto(self, kernelValues([&] { return fmod(self, number); })); }, noSaves, passTangent());
}

Tensor& floorDivideInplace(Tensor& self, const Tensor& other) { return floorDivideInplaceImpl(self, other, false); }

Tensor& floorDivideInplace(Tensor& self, Scalar other)
{
    return floorDivideInplaceImpl(self, scalarTensor(other, self.device()), true);
}

Tensor& powInplace(Tensor& self, const Tensor& exponent)
{
    checkResultType(self, exponent);
    return applyInplace(
        self, {&self, &exponent}, "pow_", "PowBackward1",
        [](BackwardNode& n, const variable_list& g) {
            const Tensor self = n.saved(0), exponent = n.saved(1), result = n.saved(2);
            // Note [Backward formulas run in input-name order]: exponent's first.
            Tensor gradExponent = needs(n, 1) ? powBackwardExponent(g[0], self, exponent, result) : Tensor();
            Tensor gradSelf = needs(n, 0) ? powBackwardSelf(g[0], self, exponent) : Tensor();
            return variable_list{gradSelf, gradExponent};
        },
        true, true, [&] { kernel::copyInto(self, kernelValues([&] { return pow(self, exponent); })); },
        [&](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save("self", originalSelf);
            rec.save("exponent", exponent);
        },
        [&exponent](const InputTangents& t, const Tensor& result) {
            return addTangentTerms(powBackwardSelf(t[0], t.primal(0), exponent), t.isZero(0),
                                   powBackwardExponent(t[1], t.primal(0), exponent, result), t.isZero(1));
        });
}

// ---------------------------------------------------------------- cumsum_, cumprod_

namespace {

/// cumsum_ / cumprod_ write into self's dtype: a `dtype` argument must name it, and the
/// kernel runs in it (so a bool self meets the kernel's "not implemented for 'Bool'").
/// Returns the wrapped dim, checked first as in 1.13.
int64_t checkCumulativeInplace(const Tensor& self, int64_t dimIn, std::optional<ScalarType> dtype,
                               const char* kernelName)
{
    checkInplace(self, self.requiresGrad());
    const int64_t dim = wrapDim(dimIn, self.dim());
    AGV_CHECK(!dtype || *dtype == self.dtype(), RuntimeError, "Bad in-place call: input tensor dtype ",
              typeMetaName(self.dtype()), " and output tensor dtype ", typeMetaName(*dtype), " should match");
    AGV_CHECK(self.dtype() != ScalarType::Bool, RuntimeError, "\"", kernelName, "\" not implemented for 'Bool'");
    return dim;
}

}  // namespace

Tensor& cumsumInplace(Tensor& self, int64_t dimIn, std::optional<ScalarType> dtype)
{
    const int64_t dim = checkCumulativeInplace(self, dimIn, dtype, "cumsum_out_cpu");
    const ScalarType type = self.dtype();
    return applyInplace(
        self, {&self}, "cumsum_", "CumsumBackward0",
        [dim, type](BackwardNode&, const variable_list& g) { return variable_list{cumsumBackward(g[0], type, dim)}; },
        false, false, [&] { kernel::copyInto(self, kernelValues([&] { return cumsum(self, dim, type); })); },
        [dimIn](OpRecorder& rec, const Tensor&) {
            rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
        },
        [dim, type](const InputTangents& t, const Tensor&) { return cumsum(t[0], dim, type); });
}

Tensor& cumprodInplace(Tensor& self, int64_t dimIn, std::optional<ScalarType> dtype)
{
    const int64_t dim = checkCumulativeInplace(self, dimIn, dtype, "cumprod_out_cpu");
    const ScalarType type = self.dtype();
    return applyInplace(
        self, {&self}, "cumprod_", "CumprodBackward0",
        [dim](BackwardNode& n, const variable_list& g) {
            // Unpacked in order, as the generated apply() does: the first stale one is reported.
            const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
            return variable_list{cumprodBackward(g[0], saved0, saved1, dim)};
        },
        true, true, [&] { kernel::copyInto(self, kernelValues([&] { return cumprod(self, dim, type); })); },
        [dimIn](OpRecorder& rec, const Tensor& originalSelf) {
            rec.attr("dim", UnsignedAttr{dimIn});
            rec.save("self", originalSelf);
        },
        [dim, type](const InputTangents& t, const Tensor& result) {
            return toDtype(cumprodJvp(t[0], t.primal(0), result, dim), type);
        });
}

void addInplaceNoGrad(const Tensor& self, const Tensor& other)
{
    checkNotZeroTensor(self);
    binaryInplaceKernel(self, other, [](auto a, auto b) { return a + b; });
    self.bumpVersion("add_");
}

// ---------------------------------------------------------------- pointwise_extra.h in place
// nan_to_num_, clamp_max_ / clamp_min_, deg2rad_ / rad2deg_, hypot_, logit_ and heaviside_:
// their out-of-place kernel's values written into self, under the out-of-place op's node
// (the formulas read a clone of the original self where they read `self`).

Tensor& nanToNumInplace(Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                        std::optional<double> neginf)
{
    return applyInplace(
        self, {&self}, "nan_to_num_", "NanToNumBackward0",
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{mul(g[0], internal::isfiniteMask(n.saved(0)))};
        },
        true, false, [&] { kernel::copyInto(self, kernelValues([&] { return nanToNum(self, nan, posinf, neginf); })); },
        [](OpRecorder& rec, const Tensor& originalSelf) { rec.save("self", originalSelf); },
        [](const InputTangents& t, const Tensor&) { return mul(t[0], internal::isfiniteMask(t.primal(0))); });
}

namespace {

/// clamp_max_ / clamp_min_ with a number: an integral self keeps its dtype, so a bound that
/// would promote it is refused (the meta function names self's C++ type).
template <bool IsMax>
Tensor& clampBoundInplace(Tensor& self, const Scalar& bound)
{
    if (!isFloatingType(self.dtype())) {
        const ScalarType result = resultType(self, bound);
        AGV_CHECK(result == self.dtype(), RuntimeError, "result type ", legacyDtypeShortName(result),
                  " can't be cast to the desired output type ", typeMetaName(self.dtype()));
    }
    auto backward = [bound](const Tensor& grad, const Tensor& self) {
        return IsMax ? internal::clampMaxBackward(grad, self, bound) : internal::clampMinBackward(grad, self, bound);
    };
    return applyInplace(
        self, {&self}, IsMax ? "clamp_max_" : "clamp_min_", IsMax ? "ClampMaxBackward0" : "ClampMinBackward0",
        [backward](BackwardNode& n, const variable_list& g) { return variable_list{backward(g[0], n.saved(0))}; },
        true, false,
        [&] {
            kernel::copyInto(self, kernelValues([&] {
                                 return IsMax ? internal::clampMaxValues(self, bound) : internal::clampMinValues(self, bound);
                             }));
        },
        [bound](OpRecorder& rec, const Tensor& originalSelf) {
            rec.attr(IsMax ? "max" : "min", scalarAttr(bound));
            rec.save("self", originalSelf);
        },
        [backward](const InputTangents& t, const Tensor&) { return backward(t[0], t.primal(0)); });
}

/// clamp_max_ / clamp_min_ with a tensor bound: minimum / maximum in place (ClampMaxBackward1 /
/// ClampMinBackward1, saving the bound and the original self).
template <bool IsMax>
Tensor& clampTensorBoundInplace(Tensor& self, const Tensor& bound)
{
    checkResultType(self, bound);
    return applyInplace(
        self, {&self, &bound}, IsMax ? "clamp_max_" : "clamp_min_", IsMax ? "ClampMaxBackward1" : "ClampMinBackward1",
        [](BackwardNode& n, const variable_list& g) {
            const Tensor bound = n.saved(0), self = n.saved(1);
            Tensor selfGrad, boundGrad;
            if (n.needsInputGrad(0))
                selfGrad = IsMax ? internal::clampMaxTensorBackwardSelf(g[0], self, bound)
                                 : internal::clampMinTensorBackwardSelf(g[0], self, bound);
            if (n.needsInputGrad(1))
                boundGrad = IsMax ? internal::clampMaxTensorBackwardMax(g[0], self, bound)
                                  : internal::clampMinTensorBackwardMin(g[0], self, bound);
            return variable_list{selfGrad, boundGrad};
        },
        true, false,
        [&] {
            kernel::copyInto(self, kernelValues([&] { return IsMax ? minimum(self, bound) : maximum(self, bound); }));
        },
        [&bound](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save(IsMax ? "max" : "min", bound);
            rec.save("self", originalSelf);
        },
        [](const InputTangents& t, const Tensor&) {
            return where(compare(t.primal(0), t.primal(1), IsMax ? CompareOp::Le : CompareOp::Ge), t[0], t[1]);
        });
}

/// deg2rad_ / rad2deg_: mul_ by the constant; an integral self cannot hold the float result.
Tensor& angleConversionInplace(Tensor& self, const char* opName, const char* nodeName, Tensor (*values)(const Tensor&),
                               Tensor (*backward)(const Tensor&))
{
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(defaultFloatType()),
              " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
    return applyInplace(
        self, {&self}, opName, nodeName,
        [backward](BackwardNode&, const variable_list& g) { return variable_list{backward(g[0])}; }, false, false,
        [&] { kernel::copyInto(self, kernelValues([&] { return values(self); })); }, noSaves,
        [backward](const InputTangents& t, const Tensor&) { return backward(t[0]); });
}

}  // namespace

Tensor& clampMaxInplace(Tensor& self, Scalar max) { return clampBoundInplace<true>(self, max); }
Tensor& clampMinInplace(Tensor& self, Scalar min) { return clampBoundInplace<false>(self, min); }
Tensor& clampMaxInplace(Tensor& self, const Tensor& max) { return clampTensorBoundInplace<true>(self, max); }
Tensor& clampMinInplace(Tensor& self, const Tensor& min) { return clampTensorBoundInplace<false>(self, min); }

Tensor& deg2radInplace(Tensor& self)
{
    return angleConversionInplace(self, "deg2rad_", "Deg2RadBackward0", deg2rad, internal::deg2radBackward);
}

Tensor& rad2degInplace(Tensor& self)
{
    return angleConversionInplace(self, "rad2deg_", "Rad2DegBackward0", rad2deg, internal::rad2degBackward);
}

Tensor& hypotInplace(Tensor& self, const Tensor& other)
{
    checkResultType(self, other);
    return applyInplace(
        self, {&self, &other}, "hypot_", "HypotBackward0",
        internal::hypotGradients,
        true, true, [&] { kernel::copyInto(self, kernelValues([&] { return hypot(self, other); })); },
        [&other](OpRecorder& rec, const Tensor& originalSelf) {
            rec.save("other", other);
            rec.save("self", originalSelf);
        },
        [&other](const InputTangents& t, const Tensor& result) {
            return addTangentTerms(div(mul(t[0], t.primal(0)), result), t.isZero(0), div(mul(t[1], other), result),
                                   t.isZero(1));
        });
}

Tensor& logitInplace(Tensor& self, std::optional<double> eps)
{
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(defaultFloatType()),
              " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
    return applyInplace(
        self, {&self}, "logit_", "LogitBackward0",
        [eps](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::logitBackward(g[0], n.saved(0), eps)};
        },
        true, false, [&] { kernel::copyInto(self, kernelValues([&] { return logit(self, eps); })); },
        [eps](OpRecorder& rec, const Tensor& originalSelf) {
            rec.attr("eps", eps ? SavedAttr(*eps) : SavedAttr(NoneValue{}));
            rec.save("self", originalSelf);
        },
        [eps](const InputTangents& t, const Tensor&) { return internal::logitBackward(t[0], t.primal(0), eps); });
}

Tensor& heavisideInplace(Tensor& self, const Tensor& values)
{
    checkInplace(self, self.requiresGrad() || values.requiresGrad());
    AGV_CHECK(self.dtype() == values.dtype(), RuntimeError,
              "heaviside is not yet implemented for tensors with different dtypes.");
    refuseTangents("aten::heaviside_", {&self, &values});
    checkNoInternalOverlap(self);
    checkNoPartialOverlap(self, values);
    checkBroadcastInto(self, values);
    OpRecorder rec = notImplementedRecorder("heaviside_", {&self, &values});
    kernel::copyInto(self, kernelValues([&] { return internal::heavisideValues(self, values); }));
    self.bumpVersion("heaviside_");
    if (rec.active())
        rebaseHistory(self, rec.node());
    return self;
}

}  // namespace agv::ops

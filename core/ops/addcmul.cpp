// addcmul and addcdiv: self + value * tensor1 * tensor2 (or / tensor2) in one kernel,
// the optimisers' favourite ops (Adam's denominators), out of place and in place.

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/mem_overlap.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/type_promotion.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// self + value * t1 * t2 (isDiv: self + value * t1 / t2) over the broadcast shape,
/// multiplied in PyTorch's order: (value * t1) then * or / t2, then + self.
Tensor addcKernel(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value, bool isDiv)
{
    const ScalarType type = resultType({&self, &t1, &t2});
    AGV_CHECK(!isDiv || isFloatingType(type), RuntimeError,
              "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a "
              "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + "
              "value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * "
              "tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: "
              "(input + value * tensor1 / tensor2), for all dtypes.");
    // 1.13's CPU kernel takes bfloat16 but has no float16 case.
    if (type == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, isDiv ? "addcdiv_cpu_out" : "addcmul_cpu_out");
    const IntList shape = broadcastShapes(self.sizes(), broadcastShapes(t1.sizes(), t2.sizes()));
    // Broadcasting happens inside PyTorch's kernel (TensorIterator): these expands are not
    // ops a learner, the graph or a dispatch mode would see.
    trace::MuteGuard internal;
    GradModeGuard noGrad(false);
    Tensor a = kernel::dense(kernel::convert(expand(self, shape), type));
    Tensor b = kernel::dense(kernel::convert(expand(t1, shape), type));
    Tensor c = kernel::dense(kernel::convert(expand(t2, shape), type));
    Tensor out = kernel::newTensor(shape, type, self.device());
    const char* name = isDiv ? "addcdiv_cpu_out" : "addcmul_cpu_out";
    AGV_DISPATCH_ALL_AND_HALF(type, name, [&] {
        using T = scalar_t;
        const int64_t n = out.numel();
        const T* x = a.data<T>();
        const T* y = b.data<T>();
        const T* z = c.data<T>();
        T* o = out.data<T>();
        if constexpr (std::is_same_v<T, bool>) {
            const bool v = value.toDouble() != 0.0;
            for (int64_t i = 0; i < n; ++i)
                o[i] = x[i] || (v && y[i] && z[i]);
        } else if constexpr (std::is_integral_v<T>) {
            const T v = T(value.isFloating() ? int64_t(value.toDouble()) : value.toInt());
            for (int64_t i = 0; i < n; ++i)
                o[i] = T(uint64_t(x[i]) + uint64_t(v) * uint64_t(y[i]) * uint64_t(z[i]));
        } else {
            // self + value * t1 * t2 as PyTorch's AVX2 kernel is compiled: the last multiply
            // and the add contract into one fused multiply-add (addcdiv's division cannot).
            // 16-bit floats compute in float (opmath) and round once.
            using Op = std::conditional_t<std::is_floating_point_v<T>, T, float>;
            const Op v = Op(value.toDouble());
            for (int64_t i = 0; i < n; ++i) {
                const Op scaled = v * Op(y[i]);
                o[i] = T(isDiv ? Op(x[i]) + scaled / Op(z[i]) : std::fma(scaled, Op(z[i]), Op(x[i])));
            }
        }
    });
    return kernel::asElementwiseOutput(out, {&self, &t1, &t2});
}

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// derivatives.yaml's addcmul / addcdiv rules; tensor1 and tensor2 are saved only when
/// the other one's gradient needs them, as in PyTorch.
BackwardNode::Rule addcRule(Scalar value, bool isDiv)
{
    return [value, isDiv](BackwardNode& n, const variable_list& g) {
        Tensor t1 = n.saved(0), t2 = n.saved(1);
        Tensor gradSelf = needs(n, 0) ? g[0] : Tensor();
        Tensor grad1, grad2;
        if (isDiv) {
            // grad * (value / tensor2); -grad * (value * tensor1 / (tensor2 * tensor2)). ATen's
            // Scalar / Tensor is empty_like(tensor2).fill_(value).div_(tensor2), Scalar *
            // Tensor is mul.Scalar: under create_graph their nodes and saves are those.
            if (needs(n, 1)) {
                Tensor quotient = emptyLike(t2);
                fillInplace(quotient, value);
                grad1 = mul(g[0], divInplace(quotient, t2));
            }
            if (needs(n, 2))
                grad2 = mul(neg(g[0]), div(internal::mulScalar(t1, value), mul(t2, t2)));
        } else {
            // grad * (tensor2 * value); grad * (tensor1 * value)
            if (needs(n, 1))
                grad1 = mul(g[0], internal::mulScalar(t2, value));
            if (needs(n, 2))
                grad2 = mul(g[0], internal::mulScalar(t1, value));
        }
        return variable_list{gradSelf, grad1, grad2};
    };
}

void saveAddc(OpRecorder& rec, const Tensor& t1, const Tensor& t2, Scalar value)
{
    rec.save("tensor1", rec.node()->needsInputGrad(2) ? t1 : Tensor());
    rec.save("tensor2", rec.node()->needsInputGrad(1) ? t2 : Tensor());
    rec.attr("value", scalarAttr(value));
}

/// The result's tangent: self_t + value * (t1_t * t2 + t2_t * t1) (addcmul), or
/// self_t + value * t1_t / t2 - value * t2_t * (t1 / t2) / t2 (addcdiv).
ForwardRule addcForward(const Tensor& t1, const Tensor& t2, Scalar value, bool isDiv)
{
    return [t1, t2, value, isDiv](const InputTangents& t, const Tensor&) {
        if (isDiv) {
            Tensor first = addTangentTerms(t[0], t.isZero(0), mul(div(t[1], t2), value), t.isZero(1));
            return subTangentTerms(first, t.isZero(0) && t.isZero(1), mul(div(mul(t[2], div(t1, t2)), t2), value),
                                   t.isZero(2));
        }
        Tensor first = addTangentTerms(t[0], t.isZero(0), mul(mul(t[1], t2), value), t.isZero(1));
        return addTangentTerms(first, t.isZero(0) && t.isZero(1), mul(mul(t[2], t1), value), t.isZero(2));
    };
}

Tensor addc(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value, bool isDiv)
{
    Tensor out = addcKernel(self, t1, t2, value, isDiv);
    OpRecorder rec(isDiv ? "AddcdivBackward0" : "AddcmulBackward0", {&self, &t1, &t2}, addcRule(value, isDiv));
    if (rec.active())
        saveAddc(rec, t1, t2, value);
    rec.forward(addcForward(t1, t2, value, isDiv));
    return rec.finish(out);
}

Tensor& addcInplace(Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value, bool isDiv)
{
    checkInplace(self, self.requiresGrad() || t1.requiresGrad() || t2.requiresGrad());
    checkNoInternalOverlap(self);
    checkNoPartialOverlap(self, t1);  // See Note [Partial overlap of an in-place op's input]
    checkNoPartialOverlap(self, t2);
    Tensor result = addcKernel(self, t1, t2, value, isDiv);
    AGV_CHECK(result.sizes() == self.sizes(), RuntimeError, "output with shape ", sizesToString(self.sizes()),
              " doesn't match the broadcast shape ", sizesToString(result.sizes()));
    OpRecorder rec(isDiv ? "AddcdivBackward0" : "AddcmulBackward0", {&self, &t1, &t2}, addcRule(value, isDiv));
    rec.forward(addcForward(t1, t2, value, isDiv));
    if (rec.forwardActive())
        rec.setOriginalSelf(clone(self));
    checkNotZeroTensor(self);
    InplaceIntercept intercept(isDiv ? "AddcdivBackward0" : "AddcmulBackward0", isDiv ? "addcdiv_" : "addcmul_",
                               {&self, &t1, &t2}, self);
    kernel::copyInto(self, kernel::convert(result, self.dtype()));
    intercept.offer(self);
    self.bumpVersion(isDiv ? "addcdiv_" : "addcmul_");
    if (rec.active()) {
        saveAddc(rec, t1, t2, value);
        rebaseHistory(self, rec.node(), false);
    }
    intercept.announce(rec.active() ? rec.node()->id() : 0, self);
    rec.finishInplaceTangent(self);
    return self;
}

}  // namespace

Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value)
{
    return addc(self, t1, t2, value, false);
}

Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value)
{
    return addc(self, t1, t2, value, true);
}

Tensor& addcmulInplace(Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value)
{
    return addcInplace(self, t1, t2, value, false);
}

Tensor& addcdivInplace(Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value)
{
    return addcInplace(self, t1, t2, value, true);
}

}  // namespace agv::ops

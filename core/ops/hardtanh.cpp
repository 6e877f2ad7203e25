// hardtanh: at::hardtanh_out clamps (clamp's kernel, NaN passing through), its node is
// HardtanhBackward0 saving self and the bounds as given; hardtanh_backward keeps the
// gradient strictly inside the bounds. See hardtanh.h.

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/hardtanh.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"

namespace agv::ops {

namespace internal {

void hardtanhBounds(const Tensor& self, Scalar& min, Scalar& max)
{
    AGV_CHECK(self.dtype() != ScalarType::Bool, RuntimeError, "Bool inputs not supported for hardtanh");
    if (!isFloatingType(self.dtype())) {  // "preserve legacy behavior of boundaries not causing type promotion"
        min = Scalar(int64_t(min.toDouble()));
        max = Scalar(int64_t(max.toDouble()));
    }
}

Tensor hardtanhValues(const Tensor& self, Scalar min, Scalar max)
{
    const auto clampAs = [&]<typename T>(T) {
        const T lo = min.isFloating() ? T(min.toDouble()) : T(min.toInt());
        const T hi = max.isFloating() ? T(max.toDouble()) : T(max.toInt());
        return kernel::mapUnary<T, T>(self, self.dtype(), [lo, hi](T x) {
            if constexpr (kIsFloating<T>)
                if (x != x)  // NaN passes through
                    return x;
            return std::min(std::max(x, lo), hi);
        });
    };
    // clamp_scalar_cpu dispatches AT_DISPATCH_ALL_TYPES_AND(kBFloat16): the bounds become
    // BFloat16 and the kernel only selects, so no rounding happens on the values.
    if (self.dtype() == ScalarType::BFloat16)
        return clampAs(BFloat16());
    return AGV_DISPATCH_ALL(self.dtype(), "clamp_scalar_cpu", [&] { return clampAs(scalar_t()); });
}

Tensor hardtanhBackward(const Tensor& grad, const Tensor& self, Scalar min, Scalar max)
{
    AGV_CHECK(grad.dtype() == self.dtype(), RuntimeError, "expected scalar type ", dtypeName(self.dtype()),
              " but found ", dtypeName(grad.dtype()));
    Tensor out = AGV_DISPATCH_FLOATING(self.dtype(), "hardshrink_backward_cpu", [&] {
        using T = scalar_t;
        const T lo = T(min.toDouble()), hi = T(max.toDouble());
        return kernel::mapBinary<T, T>(grad, self, broadcastShapes(grad.sizes(), self.sizes()), self.dtype(),
                                       [lo, hi](T g, T x) { return x <= lo || x >= hi ? T(0) : g; });
    });
    OpRecorder rec("HardtanhBackwardBackward0", {&grad, &self}, [min, max](BackwardNode& n, const variable_list& g) {
        return variable_list{n.needsInputGrad(0) ? hardtanhBackward(g[0], n.saved(0), min, max) : Tensor(),
                             n.needsInputGrad(1) ? zerosLike(g[0]) : Tensor()};
    });
    rec.attr("max_val", scalarAttr(max));
    rec.attr("min_val", scalarAttr(min));
    rec.save("self", self);
    // derivatives.yaml: where(self_p > min_val and self_p < max_val, grad_output_t, 0)
    rec.forward([min, max](const InputTangents& t, const Tensor& result) {
        const Tensor& x = t.primal(1);
        const Tensor inside = logical(compare(x, min, CompareOp::Gt), compare(x, max, CompareOp::Lt), LogicalOp::And);
        return where(inside, t[0], expand(zeros({}, result.dtype(), result.device()), result.sizes()));
    });
    return rec.finish(out);
}

}  // namespace internal

Tensor hardtanh(const Tensor& self, Scalar min, Scalar max)
{
    Scalar lo = min, hi = max;
    internal::hardtanhBounds(self, lo, hi);
    Tensor out = internal::hardtanhValues(self, lo, hi);
    OpRecorder rec("HardtanhBackward0", {&self}, [min, max](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::hardtanhBackward(g[0], n.saved(0), min, max)};
    });
    rec.attr("max_val", scalarAttr(max));
    rec.attr("min_val", scalarAttr(min));
    rec.save("self", self);
    rec.forward([&self, min, max](const InputTangents& t, const Tensor&) {
        return internal::hardtanhBackward(t[0], self, min, max);
    });
    return rec.finish(out);
}

}  // namespace agv::ops

// torch.clamp(input, min=tensor, max=tensor): bounds that are tensors, broadcast with
// the input (ClampBackward0, which differentiates the bounds too). Scalar bounds are
// clamp in pointwise.cpp (ClampBackward1).

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/type_promotion.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// clamp_kernel_impl: NaN where a bound is NaN, else min(max(a, lo), hi), a NaN input
/// staying NaN. A missing bound is passed as the input itself and skipped.
Tensor clampValues(const Tensor& self, const Tensor& lo, bool hasLo, const Tensor& hi, bool hasHi, ScalarType type,
                   const IntList& shape)
{
    const Tensor a = kernel::convert(self, type), l = kernel::convert(lo, type), h = kernel::convert(hi, type);
    Tensor out = kernel::newStridedTensor(
        shape, elementwiseOutputStrides(shape, {&self, hasLo ? &lo : nullptr, hasHi ? &hi : nullptr}), type,
        self.device());
    AGV_DISPATCH_ALL_AND_HALF(type, "clamp_cpu", [&] {
        using T = scalar_t;
        kernel::stridedLoop<4>(shape,
                               {static_cast<char*>(out.rawData()), static_cast<char*>(a.rawData()),
                                static_cast<char*>(l.rawData()), static_cast<char*>(h.rawData())},
                               {out.strides(), kernel::broadcastStrides(a, shape),
                                kernel::broadcastStrides(l, shape), kernel::broadcastStrides(h, shape)},
                               {sizeof(T), sizeof(T), sizeof(T), sizeof(T)},
                               [&](int64_t n, std::array<char*, 4> p, std::array<int64_t, 4> s) {
                                   T* o = reinterpret_cast<T*>(p[0]);
                                   const T* ap = reinterpret_cast<const T*>(p[1]);
                                   const T* lp = reinterpret_cast<const T*>(p[2]);
                                   const T* hp = reinterpret_cast<const T*>(p[3]);
                                   for (int64_t i = 0; i < n; ++i) {
                                       const double x = double(ap[i * s[1]]);
                                       const double lower = hasLo ? double(lp[i * s[2]]) : -INFINITY;
                                       const double upper = hasHi ? double(hp[i * s[3]]) : INFINITY;
                                       if (std::isnan(lower) || std::isnan(upper)) {
                                           o[i * s[0]] = T(std::numeric_limits<double>::quiet_NaN());
                                           continue;
                                       }
                                       const double raised = std::isnan(x) ? x : std::max(x, lower);
                                       o[i * s[0]] = T(std::isnan(raised) ? raised : std::min(raised, upper));
                                   }
                               });
    });
    return out;
}

Tensor zeroLike(const Tensor& grad)
{
    return zeros({}, grad.dtype(), grad.device());
}

}  // namespace

Tensor clamp(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    if (min)
        gradientEdgeFirst(*min);
    if (max)
        gradientEdgeFirst(*max);
    AGV_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    IntList shape = self.sizes();
    for (const std::optional<Tensor>* bound : {&min, &max})
        if (*bound)
            shape = broadcastShapes(shape, (*bound)->sizes());
    const ScalarType type = min && max ? resultType({&self, &*min, &*max})
                            : min      ? resultType({&self, &*min})
                                       : resultType({&self, &*max});
    Tensor out = clampValues(self, min ? *min : self, bool(min), max ? *max : self, bool(max), type, shape);
    OpRecorder rec("ClampBackward0", {&self, min ? &*min : nullptr, max ? &*max : nullptr},
                   [hasMin = bool(min), hasMax = bool(max)](BackwardNode& n, const variable_list& g) {
                       const Tensor x = n.saved(0);
                       const Tensor lo = hasMin ? n.saved(1) : Tensor(), hi = hasMax ? n.saved(2) : Tensor();
                       const Tensor zero = zeroLike(g[0]);
                       variable_list grads(3);
                       // clamp_backward: the gradient passes where min <= self <= max.
                       if (n.needsInputGrad(0)) {
                           Tensor inside;
                           if (hasMin && hasMax)
                               inside = mul(compare(x, lo, CompareOp::Ge), compare(x, hi, CompareOp::Le));
                           else
                               inside = hasMin ? compare(x, lo, CompareOp::Ge) : compare(x, hi, CompareOp::Le);
                           grads[0] = where(inside, g[0], zero);
                       }
                       // clamp_backward_min_max: a bound gets the gradient where it binds;
                       // when min > max, max binds everywhere.
                       if (hasMin && n.needsInputGrad(1)) {
                           Tensor binds = compare(x, lo, CompareOp::Lt);
                           if (hasMax)
                               binds = mul(binds, compare(lo, hi, CompareOp::Lt));
                           grads[1] = where(binds, g[0], zero);
                       }
                       if (hasMax && n.needsInputGrad(2)) {
                           Tensor binds = compare(x, hi, CompareOp::Gt);
                           if (hasMin)
                               binds = logical(binds, compare(hi, lo, CompareOp::Lt), LogicalOp::Or);
                           grads[2] = where(binds, g[0], zero);
                       }
                       return grads;
                   });
    rec.save("self", self);
    rec.save("min", min ? *min : Tensor());
    rec.save("max", max ? *max : Tensor());
    // clamp_jvp: the tangent of whichever of self, min, max gives the result.
    rec.forward([&](const InputTangents& t, const Tensor&) {
        if (min && max)
            return where(compare(*min, *max, CompareOp::Gt), t[2],
                         where(compare(self, *min, CompareOp::Lt), t[1],
                               where(compare(self, *max, CompareOp::Gt), t[2], t[0])));
        if (min)
            return where(compare(self, *min, CompareOp::Gt), t[0], t[1]);
        return where(compare(self, *max, CompareOp::Lt), t[0], t[2]);
    });
    return rec.finish(out);
}

}  // namespace agv::ops

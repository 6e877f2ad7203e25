// vdot, addr / addr_ and linalg_cross (linalg_extra.h): PyTorch 1.13's CPU kernels and
// the formulas derivatives.yaml gives their nodes.
//
// Note [Contracted products in the AVX2 kernels]
// addr's and cross's kernels live in ATen's native/cpu files, built with -mavx2 -mfma
// and GCC's default -ffp-contract=fast, so a sum of products is compiled into one fused
// multiply-add: GCC fuses the first product (in source order) whose only use is the
// sum. addr's `beta * self + alpha * vec1 * vec2` becomes fma(beta, self, (alpha *
// vec1) * vec2) in its scalar body but fma(alpha * vec1, vec2, beta * self) in its
// Vectorized one (Note [cpu_kernel_vec bodies] says which elements meet which), and
// cross's `a1 * b2 - a2 * b1` fma(a1, b2, -(a2 * b1)) (checked bit for bit against
// Debian's 1.13).

#include "core/ops/linalg_extra.h"

#include <cmath>
#include <type_traits>

#include "core/ops/inplace_record.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// FunctionsManual's maybe_multiply: t itself when s is 1, else t * s.
Tensor maybeMultiply(const Tensor& t, Scalar s)
{
    const bool isOne = s.isFloating() ? s.toDouble() == 1.0 : s.toInt() == 1;
    return isOne ? t : mul(t, s);
}

/// Scalar::to<T>().
template <typename T>
T scalarAs(const Scalar& s)
{
    if constexpr (std::is_floating_point_v<T> || kIsReducedFloat<T>)
        return T(s.toDouble());
    else if constexpr (std::is_same_v<T, bool>)
        return s.toDouble() != 0.0;
    else
        return T(s.toInt());
}

}  // namespace

// ---------------------------------------------------------------- vdot

Tensor vdot(const Tensor& self, const Tensor& other)
{
    // For real tensors at::vdot is at::dot below autograd: dot's checks, errors and kernel,
    // whose dispatch names itself for a bool vector.
    AGV_CHECK(!(self.dtype() == ScalarType::Bool && other.dtype() == ScalarType::Bool && self.dim() == 1 &&
                other.dim() == 1 && self.numel() == other.numel()),
              RuntimeError, "\"dot\" not implemented for 'Bool'");
    Tensor out = quietly([&] { return dot(self, other); });
    OpRecorder rec("VdotBackward0", {&self, &other}, [](BackwardNode& n, const variable_list& g) {
        const Tensor otherSaved = n.saved(0), selfSaved = n.saved(1);
        // self: grad.conj() * other; other: grad * self (other's first: sorted names).
        Tensor gradOther = needs(n, 1) ? mul(g[0], selfSaved) : Tensor();
        Tensor gradSelf = needs(n, 0) ? mul(g[0], otherSaved) : Tensor();
        return variable_list{gradSelf, gradOther};
    });
    if (rec.active()) {
        // See Note [Slots saved only when needed] (linalg.cpp)
        rec.save("other", rec.node()->needsInputGrad(0) ? other : Tensor());
        rec.save("self", rec.node()->needsInputGrad(1) ? self : Tensor());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return addTangentTerms(vdot(t[0], other), t.isZero(0), vdot(self, t[1]), t.isZero(1));
    });
    return rec.finish(out);
}

// ---------------------------------------------------------------- addr

namespace {

/// check_addr_scalar: a bool factor only for bool results, a float one not for integers.
void checkAddrScalar(ScalarType type, const Scalar& s, const char* name)
{
    AGV_CHECK(!s.isBool() || type == ScalarType::Bool, RuntimeError, "Boolean ", name,
              " only supported for Boolean results.");
    AGV_CHECK(isFloatingType(type) || !s.isFloating(), RuntimeError,
              "For integral input tensors, argument ", name, " must not be a floating point number.");
}

/// One element of addr_kernel: beta * self + alpha * v1 * v2 (self unread when beta is 0).
template <typename T>
T addrElement(T beta, T self, T alpha, T v1, T v2, bool readSelf, bool vectorBody)
{
    if constexpr (std::is_same_v<T, bool>) {
        const bool product = alpha && v1 && v2;
        return readSelf ? ((beta && self) || product) : product;
    } else if constexpr (std::is_floating_point_v<T>) {
        // See Note [Contracted products in the AVX2 kernels]
        if (readSelf && vectorBody)
            return std::fma(alpha * v1, v2, beta * self);
        const T product = (alpha * v1) * v2;
        return readSelf ? std::fma(beta, self, product) : product;
    } else if constexpr (kIsReducedFloat<T>) {
        const T product = T(T(alpha * v1) * v2);
        return readSelf ? T(T(beta * self) + product) : product;
    } else {
        using U = std::make_unsigned_t<T>;  // wraps around as PyTorch's integers do
        const U product = U(U(alpha) * U(v1) * U(v2));
        return readSelf ? T(U(U(beta) * U(self)) + product) : T(product);
    }
}

/// One component of cross_kernel: x1 * y1 - x2 * y2.
template <typename T>
T crossComponent(T x1, T y1, T x2, T y2)
{
    if constexpr (std::is_floating_point_v<T>) {
        // See Note [Contracted products in the AVX2 kernels]
        return std::fma(x1, y1, -(x2 * y2));
    } else if constexpr (kIsReducedFloat<T>) {
        return T(x1 * y1) - T(x2 * y2);  // each product rounded, then the difference
    } else {
        using U = std::make_unsigned_t<T>;
        return T(U(U(x1) * U(y1)) - U(U(x2) * U(y2)));
    }
}

/// build_addr_iter's checks and addr_kernel's values: `self` already of the output's
/// shape for addr_ (never expanded), broadcast to it for addr.
Tensor addrValues(const Tensor& self, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha, bool inplace)
{
    AGV_CHECK(vec1.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec1, but got ", vec1.dim(), "-D");
    AGV_CHECK(vec2.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
    const int64_t n1 = vec1.sizes()[0], n2 = vec2.sizes()[0];
    const Tensor input = inplace ? self : expand(self, {n1, n2});
    AGV_CHECK(input.dim() == 2, RuntimeError, "2D tensor expected, got ", input.dim(), "D tensor for input");
    AGV_CHECK(input.sizes()[0] == n1 && input.sizes()[1] == n2, RuntimeError, "size mismatch, input: ",
              sizesToString(input.sizes()), ", v1: ", sizesToString(vec1.sizes()), ", v2: ",
              sizesToString(vec2.sizes()));
    const ScalarType type = resultType({&input, &vec1, &vec2});
    if (inplace)
        AGV_CHECK(canCast(type, self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(type),
                  " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
    checkAddrScalar(type, beta, "beta");
    checkAddrScalar(type, alpha, "alpha");
    const Tensor s = kernel::dense(kernel::convert(input, type));
    const Tensor x = kernel::dense(kernel::convert(vec1, type)), y = kernel::dense(kernel::convert(vec2, type));
    Tensor out = kernel::newTensor({n1, n2}, type, self.device());
    // See Note [cpu_kernel_vec bodies]: vec1 enters as vec1.reshape({n1, 1}), broadcast.
    const IntList outStrides = inplace ? self.strides() : IntList{};
    const int64_t lanes = int64_t(32 / elementSize(type));
    const std::vector<bool> vector = kernel::vectorizedElements(
        {n1, n2}, {outStrides, input.strides(), {vec1.strides()[0], 0}, {0, vec2.strides()[0]}}, lanes);
    AGV_DISPATCH_ALL_AND_HALF(type, "addr_cpu", [&] {
        using T = scalar_t;
        const T b = scalarAs<T>(beta), a = scalarAs<T>(alpha);
        const T* sp = s.data<T>();
        const T* xp = x.data<T>();
        const T* yp = y.data<T>();
        T* o = out.data<T>();
        // When beta is 0 self is not read: its NaNs and infs do not pass.
        const bool readSelf = b != T(0);
        for (int64_t i = 0; i < n1; ++i)
            for (int64_t j = 0; j < n2; ++j) {
                const int64_t k = i * n2 + j;
                o[k] = addrElement<T>(b, sp[k], a, xp[i], yp[j], readSelf, vector[size_t(k)]);
            }
    });
    if (inplace)
        return out;
    const Tensor column = view(vec1, {n1, 1});
    return kernel::asElementwiseOutput(out, {&input, &column, &vec2});
}

/// derivatives.yaml's addr, vec1's and vec2's formulas reading each other's saved tensor.
variable_list addrGradients(BackwardNode& n, const variable_list& g, Scalar beta, Scalar alpha)
{
    const Tensor vec1 = n.saved(0), vec2 = n.saved(1);
    Tensor gradSelf = needs(n, 0) ? maybeMultiply(g[0], beta) : Tensor();
    Tensor grad1 = needs(n, 1) ? maybeMultiply(mv(g[0], vec2), alpha) : Tensor();
    Tensor grad2 = needs(n, 2) ? maybeMultiply(mv(t(g[0]), vec1), alpha) : Tensor();
    return variable_list{gradSelf, grad1, grad2};
}

void saveAddr(OpRecorder& rec, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha)
{
    rec.attr("alpha", scalarAttr(alpha));
    rec.attr("beta", scalarAttr(beta));
    rec.save("vec1", rec.node()->needsInputGrad(2) ? vec1 : Tensor());
    rec.save("vec2", rec.node()->needsInputGrad(1) ? vec2 : Tensor());
}

/// maybe_multiply(self_t, beta) + maybe_multiply(vec1_t.outer(vec2_p), alpha) + maybe_multiply(vec1_p.outer(vec2_t), alpha)
ForwardRule addrForward(const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha)
{
    return [vec1, vec2, beta, alpha](const InputTangents& t, const Tensor&) {
        Tensor first = addTangentTerms(maybeMultiply(t[0], beta), t.isZero(0),
                                       maybeMultiply(outer(t[1], vec2), alpha), t.isZero(1));
        return addTangentTerms(first, t.isZero(0) && t.isZero(1), maybeMultiply(outer(vec1, t[2]), alpha),
                               t.isZero(2));
    };
}

}  // namespace

Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha)
{
    Tensor out = quietly([&] { return addrValues(self, vec1, vec2, beta, alpha, false); });
    OpRecorder rec("AddrBackward0", {&self, &vec1, &vec2}, [beta, alpha](BackwardNode& n, const variable_list& g) {
        return addrGradients(n, g, beta, alpha);
    });
    if (rec.active())
        saveAddr(rec, vec1, vec2, beta, alpha);
    rec.forward(addrForward(vec1, vec2, beta, alpha));
    return rec.finish(out);
}

Tensor& addrInplace(Tensor& self, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha)
{
    InplaceRecord record;
    record.opName = "addr_";
    record.nodeName = "AddrBackward0";
    record.rule = [beta, alpha](BackwardNode& n, const variable_list& g) { return addrGradients(n, g, beta, alpha); };
    record.save = [&](OpRecorder& rec, const Tensor&) { saveAddr(rec, vec1, vec2, beta, alpha); };
    record.forward = addrForward(vec1, vec2, beta, alpha);
    return recordInplace(self, {&self, &vec1, &vec2}, record,
                         [&] { return addrValues(self, vec1, vec2, beta, alpha, true); });
}

// ---------------------------------------------------------------- linalg_cross

namespace {

Tensor crossValues(const Tensor& self, const Tensor& other, int64_t dimIn)
{
    AGV_CHECK(self.dim() == other.dim(), RuntimeError, "linalg.cross: inputs must have the same number of dimensions.");
    const int64_t dim = wrapDim(dimIn, self.dim());
    const int64_t selfSize = self.sizes()[size_t(dim)], otherSize = other.sizes()[size_t(dim)];
    AGV_CHECK(selfSize == 3 && otherSize == 3, RuntimeError, "linalg.cross: inputs dimension ", dimIn,
              " must have length 3. Got ", selfSize, " and ", otherSize);
    const IntList shape = broadcastShapes(self.sizes(), other.sizes());
    Tensor out = kernel::newTensor(shape, self.dtype(), self.device());
    const Tensor a = kernel::dense(expand(self, shape));
    // AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND(kBFloat16): no float16 case.
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(ScalarType::Half, "cross");
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "cross", [&] {
        using T = scalar_t;
        if constexpr (std::is_same_v<T, bool>) {
            throw AGV_DISPATCH_NOT_IMPLEMENTED(ScalarType::Bool, "cross");
        } else {
            AGV_CHECK(other.dtype() == self.dtype(), RuntimeError, "expected scalar type ",
                      legacyDtypeShortName(self.dtype()), " but found ", legacyDtypeShortName(other.dtype()));
            const Tensor b = kernel::dense(expand(other, shape));
            // The three components sit `step` elements apart along dim in a contiguous layout.
            int64_t step = 1;
            for (size_t d = size_t(dim) + 1; d < shape.size(); ++d)
                step *= shape[d];
            const T* ap = a.data<T>();
            const T* bp = b.data<T>();
            T* o = out.data<T>();
            const int64_t outer = out.numel() / (3 * step);
            for (int64_t i = 0; i < outer; ++i)
                for (int64_t j = 0; j < step; ++j) {
                    const int64_t k = i * 3 * step + j;
                    const T a0 = ap[k], a1 = ap[k + step], a2 = ap[k + 2 * step];
                    const T b0 = bp[k], b1 = bp[k + step], b2 = bp[k + 2 * step];
                    o[k] = crossComponent<T>(a1, b2, a2, b1);
                    o[k + step] = crossComponent<T>(a2, b0, a0, b2);
                    o[k + 2 * step] = crossComponent<T>(a0, b1, a1, b0);
                }
        }
    });
    return out;
}

}  // namespace

Tensor linalgCross(const Tensor& self, const Tensor& other, int64_t dim)
{
    Tensor out = quietly([&] { return crossValues(self, other, dim); });
    if (isZeroTensor(self) || isZeroTensor(other))  // linalg_cross_zerotensor (See Note [ZeroTensor])
        out = efficientZeroTensor(out.sizes(), out.dtype(), out.device());
    OpRecorder rec("LinalgCrossBackward0", {&self, &other}, [dim](BackwardNode& n, const variable_list& g) {
        const Tensor otherSaved = n.saved(0), selfSaved = n.saved(1);
        // self: linalg_cross(other.conj(), grad, dim); other: linalg_cross(grad, self.conj(), dim).
        Tensor gradOther = needs(n, 1) ? linalgCross(g[0], selfSaved, dim) : Tensor();
        Tensor gradSelf = needs(n, 0) ? linalgCross(otherSaved, g[0], dim) : Tensor();
        return variable_list{gradSelf, gradOther};
    });
    if (rec.active()) {
        rec.attr("dim", UnsignedAttr{dim});  // -1 reads as 18446744073709551615, as in 1.13
        rec.save("other", rec.node()->needsInputGrad(0) ? other : Tensor());
        rec.save("self", rec.node()->needsInputGrad(1) ? self : Tensor());
    }
    rec.forward([&, dim](const InputTangents& t, const Tensor&) {
        return addTangentTerms(linalgCross(t[0], other, dim), t.isZero(0), linalgCross(self, t[1], dim), t.isZero(1));
    });
    return rec.finish(out);
}

}  // namespace agv::ops

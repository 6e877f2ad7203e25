// See distance.h: Distance.cpp's cdist / _cdist_forward / _cdist_backward / _euclidean_dist
// / pdist and DistanceOpsKernel.cpp's loops, with FunctionsManual's formulas.
//
// Note [Distance kernels' arithmetic]
// _cdist_forward's loop is scalar: for each pair of rows it accumulates map(|a - b|)
// over the columns in order and finishes once (checked bit for bit against 1.13: the
// square is not fused into the sum there). pdist's goes through vec::map2_reduce_all
// (Note [Vector reduce_all] in layer_norm.cpp), so its p = 2 square is fused into the
// lane sums. Both backward kernels run down Vectorized columns: each lane is one column,
// so each element sees the scalar formula below, with Vectorized::pow being SLEEF's.

#include "core/ops/distance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/sleef_math.h"

namespace agv::ops {

namespace {

/// Which of the kernel's norm structs a p selects: Zero, One, Two and Inf have their own,
/// every other p is the general one, whose backward is different below 2.
enum class Norm { Zero, One, Two, Inf, General };

Norm normOf(double p)
{
    if (p == 0.0)
        return Norm::Zero;
    if (p == 1.0)
        return Norm::One;
    if (p == 2.0)
        return Norm::Two;
    if (std::isinf(p))
        return Norm::Inf;
    return Norm::General;
}

/// Vectorized<T>::pow, lane by lane.
template <typename T>
T vectorPow(T base, T exponent)
{
    T out;
    if (!sleef::pow(&base, &exponent, &out, 1))
        out = std::pow(base, exponent);
    return out;
}

/// Vectorized's maximum / minimum: a NaN in either operand wins.
template <typename T>
T vectorMax(T a, T b)
{
    return (std::isnan(a) || std::isnan(b)) ? std::numeric_limits<T>::quiet_NaN() : std::max(a, b);
}

template <typename T>
T vectorMin(T a, T b)
{
    return (std::isnan(a) || std::isnan(b)) ? std::numeric_limits<T>::quiet_NaN() : std::min(a, b);
}

/// Dist::sign: min(max(0, ceil(x)), 1) + min(max(-1, floor(x)), 0).
template <typename T>
T kernelSign(T x)
{
    return vectorMin(vectorMax(T(0), std::ceil(x)), T(1)) + vectorMin(vectorMax(T(-1), std::floor(x)), T(0));
}

/// One pair's distance by _cdist_forward's scalar loop over m columns.
template <typename T>
T rowDistance(const T* a, const T* b, int64_t m, Norm norm, T p)
{
    T agg = 0;
    for (int64_t x = 0; x < m; ++x) {
        const T diff = std::abs(a[x] - b[x]);
        switch (norm) {
        case Norm::Zero: agg = agg + std::min(std::ceil(diff), T(1)); break;
        case Norm::One: agg = agg + diff; break;
        case Norm::Two: agg = agg + diff * diff; break;
        case Norm::Inf: agg = std::max(agg, diff); break;
        case Norm::General: agg = agg + std::pow(diff, p); break;
        }
    }
    if (norm == Norm::Two)
        return std::sqrt(agg);
    if (norm == Norm::General)
        return T(std::pow(agg, 1.0 / p));
    return agg;
}

/// One pair's distance by pdist's map2_reduce_all: lanes of L columns, then folded.
template <typename T>
T rowDistanceVectorized(const T* a, const T* b, int64_t m, Norm norm, T p)
{
    constexpr int64_t L = 32 / sizeof(T);
    const auto map = [&](int64_t x) {
        const T diff = std::abs(a[x] - b[x]);
        switch (norm) {
        case Norm::Zero: return vectorMin(std::ceil(diff), T(1));
        case Norm::Two: return diff * diff;
        case Norm::General: return vectorPow(diff, p);
        default: return diff;
        }
    };
    const auto reduce = [&](T acc, int64_t x) {
        if (norm == Norm::Inf)
            return vectorMax(acc, map(x));
        if (norm == Norm::Two) {
            const T diff = std::abs(a[x] - b[x]);
            return std::fma(diff, diff, acc);
        }
        return acc + map(x);
    };
    const auto combine = [&](T x, T y) { return norm == Norm::Inf ? vectorMax(x, y) : x + y; };
    T total;
    if (m < L) {
        total = map(0);
        for (int64_t x = 1; x < m; ++x)
            total = combine(total, map(x));
    } else {
        T lanes[L];
        for (int64_t l = 0; l < L; ++l)
            lanes[l] = map(l);
        for (int64_t d = L; d < m; d += L)
            for (int64_t l = 0; l < std::min(L, m - d); ++l)
                lanes[l] = reduce(lanes[l], d + l);
        if constexpr (L == 8) {
            // AVX2's VecReduceAllSIMD for float: a tree of shuffles.
            total = combine(combine(combine(lanes[0], lanes[4]), combine(lanes[2], lanes[6])),
                            combine(combine(lanes[1], lanes[5]), combine(lanes[3], lanes[7])));
        } else {
            total = lanes[0];
            for (int64_t l = 1; l < L; ++l)
                total = combine(total, lanes[l]);
        }
    }
    if (norm == Norm::Two)
        return std::sqrt(total);
    if (norm == Norm::General)
        return T(std::pow(total, 1.0 / p));
    return total;
}

/// The gradient one pair contributes to one element of its first row: Dist's backward
/// structs (p < 2 other than 0 and 1 has its own, which gives 0 where diff is 0 and p < 1).
template <typename T>
T pairGradient(T diff, T grad, T dist, double pDouble)
{
    const T p = T(pDouble);
    const Norm norm = normOf(pDouble);
    if (norm == Norm::One)
        return grad * kernelSign(diff);
    if (norm == Norm::Inf) {
        const T atMax = T(1) - vectorMin(T(1), std::ceil(std::abs(std::abs(diff) - dist)));
        return grad * kernelSign(diff) * atMax;
    }
    if (dist == T(0))
        return T(0);
    if (norm == Norm::Two)
        return grad * diff / dist;
    if (pDouble < 2.0) {
        if (diff == T(0) && p < T(1))
            return T(0);
        return kernelSign(diff) * vectorPow(std::abs(diff), p - T(1)) * grad / vectorPow(dist, p - T(1));
    }
    return diff * vectorPow(std::abs(diff), p - T(2)) * grad / vectorPow(dist, p - T(1));
}

/// 1.13 has no forward formula for _cdist_forward, _euclidean_dist or _pdist_forward; its
/// message adds the note of the ops it would try to decompose with TorchScript.
ForwardRule refuseForwardAd(std::string atenName)
{
    return [atenName](const InputTangents&, const Tensor&) -> Tensor {
        throw Error(PyExc::NotImplementedError,
                    "Trying to use forward AD with " + atenName +
                        " that does not support it because it has not been implemented yet.\nPlease file an issue "
                        "to PyTorch at https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so "
                        "that we can prioritize its implementation.\nNote that forward AD support for some operators "
                        "require PyTorch to be built with TorchScript and for JIT to be enabled. If the environment "
                        "var PYTORCH_JIT=0 is set or if the library is not built with TorchScript, some operators may "
                        "no longer be used with forward AD.");
    };
}

// ---------------------------------------------------------------- cdist

/// Sizes of the batch dims x1 and x2 broadcast to, with their product.
struct CdistBatch {
    IntList batch;
    int64_t product = 1;
};

CdistBatch batchOf(const Tensor& x1, const Tensor& x2)
{
    const IntList b1(x1.sizes().begin(), x1.sizes().end() - 2), b2(x2.sizes().begin(), x2.sizes().end() - 2);
    CdistBatch out{broadcastShapes(b1, b2), 1};
    for (int64_t s : out.batch)
        out.product *= s;
    return out;
}

IntList withRows(IntList batch, int64_t rows, int64_t columns)
{
    batch.insert(batch.end(), {rows, columns});
    return batch;
}

void checkCdistDims(const Tensor& x1, const Tensor& x2)
{
    AGV_CHECK(x1.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D");
    AGV_CHECK(x2.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D");
    AGV_CHECK(x1.size(-1) == x2.size(-1), RuntimeError, "X1 and X2 must have the same number of columns. X1: ",
              x1.size(-1), " X2: ", x2.size(-1));
}

/// cdist_impl's checks, in its order.
void checkCdistImpl(const Tensor& x1, const Tensor& x2, double p, int64_t mode)
{
    AGV_CHECK(isFloatingType(x1.dtype()), RuntimeError, "cdist only supports floating-point dtypes, X1 got: ",
              legacyDtypeShortName(x1.dtype()));
    AGV_CHECK(isFloatingType(x2.dtype()), RuntimeError, "cdist only supports floating-point dtypes, X2 got: ",
              legacyDtypeShortName(x2.dtype()));
    AGV_CHECK(p >= 0, RuntimeError, "cdist only supports non-negative p values");
    AGV_CHECK(mode >= 0 && mode <= 2, RuntimeError, "possible modes: 0, 1, 2, but was: ", mode);
}

/// The kernel reads x2 as x1's dtype (Tensor::data_ptr's check).
void checkSameDtype(const Tensor& x1, const Tensor& x2)
{
    AGV_CHECK(x1.dtype() == x2.dtype(), RuntimeError, "expected scalar type ", legacyDtypeShortName(x1.dtype()),
              " but found ", legacyDtypeShortName(x2.dtype()));
}

bool usesMatmul(double p, int64_t mode, int64_t r1, int64_t r2)
{
    return p == 2.0 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
}

/// cdist_impl on its kernel's path: the values of _cdist_forward.
Tensor cdistValues(const Tensor& x1, const Tensor& x2, double p, int64_t mode)
{
    checkCdistImpl(x1, x2, p, mode);
    const int64_t r1 = x1.size(-2), r2 = x2.size(-2), c = x1.size(-1);
    const CdistBatch b = batchOf(x1, x2);
    const IntList outShape = withRows(b.batch, r1, r2);
    if (r1 == 0 || r2 == 0 || b.product == 0)
        return kernel::newTensor(outShape, x1.dtype(), x1.device());
    if (c == 0)
        return quietly([&] { return zeros(outShape, x1.dtype(), x1.device()); });
    checkSameDtype(x1, x2);
    const Tensor a = kernel::dense(expand(x1, withRows(b.batch, r1, c)));
    const Tensor bb = kernel::dense(expand(x2, withRows(b.batch, r2, c)));
    Tensor out = kernel::newTensor(outShape, x1.dtype(), x1.device());
    const Norm norm = normOf(p);
    AGV_DISPATCH_FLOATING(x1.dtype(), "cdist", [&] {
        using T = scalar_t;
        const T* ap = a.data<T>();
        const T* bp = bb.data<T>();
        T* o = out.data<T>();
        for (int64_t l = 0; l < b.product; ++l)
            for (int64_t i = 0; i < r1; ++i)
                for (int64_t j = 0; j < r2; ++j)
                    o[(l * r1 + i) * r2 + j] = rowDistance(ap + (l * r1 + i) * c, bp + (l * r2 + j) * c, c, norm, T(p));
    });
    return out;
}

Tensor cdistBackward(const Tensor& grad, const Tensor& x1, const Tensor& x2, double p, const Tensor& dist);

/// _cdist_forward: cdist_impl's kernel path as one node (CdistBackward0).
Tensor cdistForward(const Tensor& x1, const Tensor& x2, double p, int64_t mode)
{
    checkCdistDims(x1, x2);
    Tensor out = quietly([&] { return cdistValues(x1, x2, p, mode); });
    OpRecorder rec("CdistBackward0", {&x1, &x2}, [p](BackwardNode& n, const variable_list& g) {
        const Tensor x1Saved = n.saved(0), x2Saved = n.saved(1), result = n.saved(2);
        // x1: _cdist_backward(grad.contiguous(), x1, x2, p, result)
        // x2: _cdist_backward(grad.mT().contiguous(), x2, x1, p, result.mT().contiguous())
        Tensor grad1 = n.needsInputGrad(0) ? cdistBackward(contiguous(g[0]), x1Saved, x2Saved, p, result) : Tensor();
        Tensor grad2 = n.needsInputGrad(1) ? cdistBackward(contiguous(transpose(g[0], -2, -1)), x2Saved, x1Saved, p,
                                                           contiguous(transpose(result, -2, -1)))
                                           : Tensor();
        return variable_list{grad1, grad2};
    });
    if (rec.active()) {
        rec.save("x1", x1);
        rec.save("x2", x2);
        rec.attr("p", p);
    }
    rec.forward(refuseForwardAd("_cdist_forward"));
    return rec.finishSavingResult(out);
}

/// _cdist_backward's values: the gradient for x1 of x1 and x2 broadcast to their common
/// batch (the engine sums it back to x1's shape).
Tensor cdistBackwardValues(const Tensor& grad, const Tensor& x1In, const Tensor& x2In, double p, const Tensor& dist)
{
    const int64_t c = x1In.size(-1), r1 = x1In.size(-2), r2 = x2In.size(-2);
    const CdistBatch b = batchOf(x1In, x2In);
    if (r1 == 0 || r2 == 0 || c == 0 || b.product == 0)
        return zerosLike(x1In);
    const IntList x1Sizes = withRows(b.batch, r1, c);
    const Tensor x1 = kernel::dense(expand(x1In, x1Sizes));
    const Tensor x2 = kernel::dense(expand(x2In, withRows(b.batch, r2, c)));
    const Tensor d = kernel::dense(dist), g = kernel::dense(grad);
    Tensor out = zeros(x1Sizes, x1.dtype(), x1.device());
    if (normOf(p) == Norm::Zero)
        return out;
    AGV_DISPATCH_FLOATING(x1.dtype(), "cdist_backward", [&] {
        using T = scalar_t;
        const T* ap = x1.data<T>();
        const T* bp = x2.data<T>();
        const T* gp = g.data<T>();
        const T* dp = d.data<T>();
        T* o = out.data<T>();
        // Down each column, the pairs (row i, every row j) added in order.
        for (int64_t l = 0; l < b.product; ++l)
            for (int64_t i = 0; i < r1; ++i)
                for (int64_t x = 0; x < c; ++x) {
                    T acc = o[(l * r1 + i) * c + x];
                    const T a = ap[(l * r1 + i) * c + x];
                    for (int64_t j = 0; j < r2; ++j) {
                        const int64_t k = (l * r1 + i) * r2 + j;
                        acc = acc + pairGradient(a - bp[(l * r2 + j) * c + x], gp[k], dp[k], p);
                    }
                    o[(l * r1 + i) * c + x] = acc;
                }
    });
    return out;
}

Tensor cdistBackward(const Tensor& grad, const Tensor& x1, const Tensor& x2, double p, const Tensor& dist)
{
    Tensor out = quietly([&] { return cdistBackwardValues(grad, x1, x2, p, dist); });
    OpRecorder rec("CdistBackwardBackward0", {&grad, &x1, &x2, &dist},
                   [](BackwardNode&, const variable_list&) -> variable_list {
                       throw Error(PyExc::NotImplementedError, "the derivative for '_cdist_backward' is not implemented.");
                   });
    return rec.finish(out);
}

/// _euclidean_dist: sqrt(max(|x1|^2 - 2 x1.x2 + |x2|^2, 0)) through one matrix product
/// of [-2 x1, |x1|^2, 1] and [x2, 1, |x2|^2] (EuclideanDistBackward0).
Tensor euclideanDist(const Tensor& x1, const Tensor& x2)
{
    Tensor out = quietly([&] {
        const Tensor x1Norm = sum(pow(x1, 2), {-1}, true);
        const Tensor x2Norm = sum(pow(x2, 2), {-1}, true);
        const Tensor x1Padded = cat({mul(x1, -2), x1Norm, onesLike(x1Norm)}, -1);
        const Tensor x2Padded = cat({x2, onesLike(x2Norm), x2Norm}, -1);
        return sqrt(clamp(matmul(x1Padded, transpose(x2Padded, -2, -1)), std::optional<Scalar>(0),
                          std::optional<Scalar>()));
    });
    OpRecorder rec("EuclideanDistBackward0", {&x1, &x2}, [](BackwardNode& n, const variable_list& g) {
        // _euclidean_dist_backward; a zero distance contributes a zero subgradient.
        const Tensor x1Saved = n.saved(0), x2Saved = n.saved(1), result = n.saved(2);
        const Tensor ratio = maskedFill(div(g[0], result), compare(result, Scalar(0), CompareOp::Eq), 0);
        Tensor grad1 = sub(mul(x1Saved, sum(ratio, {-1}, true)), matmul(ratio, x2Saved));
        Tensor grad2 = sub(mul(x2Saved, unsqueeze(sum(ratio, {-2}, false), -1)),
                           matmul(transpose(ratio, -2, -1), x1Saved));
        return variable_list{grad1, grad2};
    });
    if (rec.active()) {
        rec.save("x1", x1);
        rec.save("x2", x2);
    }
    rec.forward(refuseForwardAd("_euclidean_dist"));
    return rec.finishSavingResult(out);
}

// ---------------------------------------------------------------- pdist

Tensor pdistBackward(const Tensor& grad, const Tensor& self, double p, const Tensor& dist);

Tensor pdistValues(const Tensor& self, double p)
{
    const int64_t n = self.size(0), m = self.size(1);
    if (n <= 1)
        return kernel::newTensor({0}, self.dtype(), self.device());
    const int64_t pairs = n * (n - 1) / 2;
    if (m == 0)
        return zeros({pairs}, self.dtype(), self.device());
    Tensor out = kernel::newTensor({pairs}, self.dtype(), self.device());
    const Norm norm = normOf(p);
    AGV_DISPATCH_FLOATING(self.dtype(), "pdist", [&] {
        using T = scalar_t;
        const T* s = self.data<T>();
        T* o = out.data<T>();
        int64_t k = 0;
        for (int64_t i = 0; i < n; ++i)
            for (int64_t j = i + 1; j < n; ++j)
                o[k++] = rowDistanceVectorized(s + i * m, s + j * m, m, norm, T(p));
    });
    return out;
}

/// _pdist_forward on a contiguous input (PdistBackward0).
Tensor pdistForward(const Tensor& self, double p)
{
    Tensor out = quietly([&] { return pdistValues(self, p); });
    OpRecorder rec("PdistBackward0", {&self}, [p](BackwardNode& n, const variable_list& g) {
        // self: _pdist_backward(grad, self, p, result)
        return variable_list{pdistBackward(g[0], n.saved(0), p, n.saved(1))};
    });
    if (rec.active()) {
        rec.save("self", self);
        rec.attr("p", p);
    }
    rec.forward(refuseForwardAd("_pdist_forward"));
    return rec.finishSavingResult(out);
}

Tensor pdistBackwardValues(const Tensor& grad, const Tensor& self, double p, const Tensor& dist)
{
    const int64_t n = self.size(0), m = self.size(1);
    Tensor out = zeros(self.sizes(), self.dtype(), self.device());
    if (normOf(p) == Norm::Zero || n <= 1 || m == 0)
        return out;
    const Tensor g = kernel::dense(grad), d = kernel::dense(dist);
    AGV_DISPATCH_FLOATING(self.dtype(), "pdist_backward", [&] {
        using T = scalar_t;
        const T* s = self.data<T>();
        const T* gp = g.data<T>();
        const T* dp = d.data<T>();
        T* o = out.data<T>();
        // Down each column: row i gains what each later row j loses, pair by pair.
        for (int64_t x = 0; x < m; ++x) {
            int64_t k = 0;
            for (int64_t i = 0; i + 1 < n; ++i) {
                T acc = o[i * m + x];
                for (int64_t j = i + 1; j < n; ++j, ++k) {
                    const T term = pairGradient(s[i * m + x] - s[j * m + x], gp[k], dp[k], p);
                    acc = acc + term;
                    o[j * m + x] = o[j * m + x] - term;
                }
                o[i * m + x] = acc;
            }
        }
    });
    return out;
}

Tensor pdistBackward(const Tensor& grad, const Tensor& self, double p, const Tensor& dist)
{
    Tensor out = quietly([&] { return pdistBackwardValues(grad, self, p, dist); });
    OpRecorder rec("PdistBackwardBackward0", {&grad, &self, &dist},
                   [](BackwardNode&, const variable_list&) -> variable_list {
                       throw Error(PyExc::NotImplementedError, "the derivative for '_pdist_backward' is not implemented.");
                   });
    return rec.finish(out);
}

}  // namespace

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> computeMode)
{
    checkCdistDims(x1, x2);
    const int64_t mode = computeMode.value_or(0);
    const int64_t r1 = x1.size(-2), r2 = x2.size(-2);
    // An empty input always takes the node of its own, so the graph stays connected.
    if (x1.numel() == 0 || x2.numel() == 0 || !usesMatmul(p, mode, r1, r2))
        return cdistForward(x1, x2, p, mode);
    // See Note [cdist relies on cdist_impl redispatching] in 1.13's Distance.cpp: the matrix
    // product path is recorded op by op.
    checkCdistImpl(x1, x2, p, mode);
    const int64_t c = x1.size(-1);
    const CdistBatch b = batchOf(x1, x2);
    checkSameDtype(x1, x2);
    const IntList outShape = withRows(b.batch, r1, r2);
    if (b.product == 1)
        return view(euclideanDist(x1, x2), outShape);
    const Tensor t1 = view(contiguous(expand(x1, withRows(b.batch, r1, c))), {b.product, r1, c});
    const Tensor t2 = view(contiguous(expand(x2, withRows(b.batch, r2, c))), {b.product, r2, c});
    return view(euclideanDist(t1, t2), outShape);
}

Tensor pdist(const Tensor& self, double p)
{
    AGV_CHECK(self.dim() == 2, RuntimeError, "pdist only supports 2D tensors, got: ", self.dim(), "D");
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError, "pdist only supports floating-point dtypes");
    AGV_CHECK(p >= 0, RuntimeError, "pdist only supports non-negative p values");
    return pdistForward(contiguous(self), p);
}

}  // namespace agv::ops

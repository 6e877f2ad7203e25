// native_group_norm (F.group_norm, nn.GroupNorm): grad_fn NativeGroupNormBackward0.
// Arithmetic as PyTorch 1.13's CPU kernel for contiguous inputs (group_norm_kernel.cpp,
// one thread), in the tensor's dtype throughout:
//   * each (sample, group) block of D * HxW elements gets its mean and variance from
//     RowwiseMoments (Note [Rowwise moments]), rstd = 1 / sqrt(max(var, 0) + eps);
//   * y = (x - mean) * rstd without weight and bias, else per channel
//     scale = rstd * gamma, bias = -scale * mean + beta, y = scale * x + bias;
//   * the backward first sums ds = sum(dy * x) and db = sum(dy) per (sample, channel)
//     over lanes of one AVX2 vector (Note [Group norm lane sums]), then per group
//     sums ds * gamma and db * gamma the same way over the channels, and forms
//     dx = c1 * dy + c2 * x + c3; dgamma and dbeta accumulate sample after sample.
// Which products PyTorch's AVX2 build fused into multiply-adds was found by testing each
// choice against PyTorch 1.13 (68 shapes, float32 and float64, with and without weight):
// y's scale * x + bias, the lane accumulations of products and most of the remainders
// (Note [Group norm lane sums]), c2's db * mean - ds, c3's -c2 * mean - ..., dx's c1 * dy
// and dgamma's whole (ds - db * mean) * rstd accumulation with its inner product are
// fused; scale, bias and the other products are not. Bit for bit in float32 and float64.
// An input whose strides suggest channels_last (or channels_last_3d) is made contiguous in
// that format instead and takes the channels-last kernel (Note [Group norm channels last]);
// the result is laid out in the same format. The backward sees contiguous copies of the
// input and the gradient (derivatives.yaml's input.contiguous()), so only the statistics
// the forward saved differ from the NCHW path's.
//
// Note [Group norm under grad mode]
// Unlike batch and layer norm, 1.13 records no node for group norm's backward: under grad
// mode (a backward with create_graph=True) derivatives.yaml runs
// infinitely_differentiable_native_group_norm_backward instead of the kernel, a
// composition of ordinary ops (norm_double_backward.cpp), so the gradient's grad_fn is
// that composition's last op (ReshapeAliasBackward0) and its values are the
// composition's, which round differently from the kernel's. The same composition runs
// whenever the saved mean or rstd receives a gradient (a second derivative through them):
// their gradients reach the input only when both arrive.

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/ops/group_norm.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/norm_double_backward.h"
#include "core/ops/norm_jvp.h"
#include "core/ops/norm_moments.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

using moments::Vec;

template <typename T>
void groupNormForward(const T* x, const T* gamma, const T* beta, int64_t N, int64_t C, int64_t HxW, int64_t G, T eps,
                      T* y, T* mean, T* rstd)
{
    const int64_t D = C / G;
    const int64_t innerSize = D * HxW;
    for (int64_t i = 0; i < N * G; ++i) {
        const T* xBlock = x + i * innerSize;
        auto [m, var] = moments::rowwiseMoments(xBlock, innerSize);
        const T r = T(1) / std::sqrt(std::max(var, T(0)) + eps);
        if (!gamma && !beta) {
            T* yBlock = y + i * innerSize;
            for (int64_t j = 0; j < innerSize; ++j)
                yBlock[j] = (xBlock[j] - m) * r;
        } else {
            const int64_t g = i % G;
            for (int64_t j = 0; j < D; ++j) {
                const int64_t c = g * D + j;
                const T scale = r * (gamma ? gamma[c] : T(1));
                const T bias = -scale * m + (beta ? beta[c] : T(0));
                const T* xRow = x + (i * D + j) * HxW;
                T* yRow = y + (i * D + j) * HxW;
                for (int64_t k = 0; k < HxW; ++k)
                    yRow[k] = std::fma(scale, xRow[k], bias);
            }
        }
        mean[i] = m;
        rstd[i] = r;
    }
}

// Note [Group norm channels last]
// GroupNormKernelImplChannelsLastInternal (1.13, one thread) on an (N, HxW, C) block:
//   * mean and variance per (sample, group): for HxW < 1024, each pixel's D channels of
//     the group go lane-wise into two vectors (L = 8 floats, 4 doubles; the last partial
//     vector zero-filled) summing x and x * x (fused), the lanes then added left to right;
//     from 1024 pixels on, x and x * x (fused) are first summed per channel over the
//     pixels, then the group's channels left to right. mean = sum / (D * HxW) as
//     sum * s, var = max(sumsq * s - mean * mean, 0) with the multiply-subtract fused,
//     rstd = 1 / sqrt(var + eps);
//   * per channel scale = rstd * gamma and bias = -scale * mean + beta, fused when a
//     weight is given and not otherwise; y = x * scale + bias, fused.
// Found against PyTorch 1.13 (the mean, rstd and y of 64 cases, float32 and float64,
// every combination of weight and bias, HxW on both sides of 1024, D below and above L).
// One float64 case still differs: with a bias and no weight, C = 18 and HxW >= 1024, the
// last channel's bias is fused in 1.13 (a tail of a loop its compiler vectorised).

/// mean and rstd of one (sample, group) from its sums of x and x * x.
template <typename T>
std::pair<T, T> channelsLastMoments(T sum, T sumSquares, T s, T eps)
{
    const T m = sum * s;
    const T var = std::max(std::fma(sumSquares, s, -(m * m)), T(0));
    return {m, T(1) / std::sqrt(var + eps)};
}

template <typename T>
void groupNormForwardChannelsLast(const T* x, const T* gamma, const T* beta, int64_t N, int64_t C, int64_t HxW,
                                  int64_t G, T eps, T* y, T* mean, T* rstd)
{
    constexpr int64_t kLanes = Vec<T>::kSize;
    constexpr int64_t kFeatureMapThreshold = 1024;
    const int64_t D = C / G;
    const T s = T(1) / T(D * HxW);
    if (HxW < kFeatureMapThreshold) {
        for (int64_t n = 0; n < N; ++n)
            for (int64_t g = 0; g < G; ++g) {
                Vec<T> sums, squares;
                for (int64_t m = 0; m < HxW; ++m) {
                    const T* row = x + (n * HxW + m) * C + g * D;
                    for (int64_t d = 0; d < D; d += kLanes)
                        for (int64_t l = 0; l < kLanes; ++l) {
                            const T v = d + l < D ? row[d + l] : T(0);
                            sums.v[size_t(l)] += v;
                            squares.v[size_t(l)] = std::fma(v, v, squares.v[size_t(l)]);
                        }
                }
                T sum = sums.v[0], sumSquares = squares.v[0];
                for (int64_t l = 1; l < kLanes; ++l) {
                    sum += sums.v[size_t(l)];
                    sumSquares += squares.v[size_t(l)];
                }
                std::tie(mean[n * G + g], rstd[n * G + g]) = channelsLastMoments(sum, sumSquares, s, eps);
            }
    } else {
        std::vector<T> sums(static_cast<size_t>(C)), squares(static_cast<size_t>(C));
        for (int64_t n = 0; n < N; ++n) {
            std::fill(sums.begin(), sums.end(), T(0));
            std::fill(squares.begin(), squares.end(), T(0));
            for (int64_t m = 0; m < HxW; ++m) {
                const T* row = x + (n * HxW + m) * C;
                for (int64_t c = 0; c < C; ++c) {
                    sums[size_t(c)] += row[c];
                    squares[size_t(c)] = std::fma(row[c], row[c], squares[size_t(c)]);
                }
            }
            for (int64_t g = 0; g < G; ++g) {
                T sum = T(0), sumSquares = T(0);
                for (int64_t d = 0; d < D; ++d) {
                    sum += sums[size_t(g * D + d)];
                    sumSquares += squares[size_t(g * D + d)];
                }
                std::tie(mean[n * G + g], rstd[n * G + g]) = channelsLastMoments(sum, sumSquares, s, eps);
            }
        }
    }
    std::vector<T> scale(static_cast<size_t>(C)), bias(static_cast<size_t>(C));
    for (int64_t n = 0; n < N; ++n) {
        for (int64_t c = 0; c < C; ++c) {
            const T m = mean[n * G + c / D], r = rstd[n * G + c / D];
            const T sc = r * (gamma ? gamma[c] : T(1));
            const T b = beta ? beta[c] : T(0);
            scale[size_t(c)] = sc;
            bias[size_t(c)] = gamma ? std::fma(-sc, m, b) : -(sc * m) + b;
        }
        for (int64_t m = 0; m < HxW; ++m) {
            const int64_t row = (n * HxW + m) * C;
            for (int64_t c = 0; c < C; ++c)
                y[row + c] = std::fma(x[row + c], scale[size_t(c)], bias[size_t(c)]);
        }
    }
}

// Note [Group norm lane sums]
// ComputeInternalGradients and GroupNormInputBackward sum n elements the same way: the
// first n / L * L go lane-wise into one vector (L = 8 floats, 4 doubles) starting at 0,
// the lanes are then added to 0 in order (std::accumulate), and the remaining elements
// follow one by one. A sum of products fuses each lane's product into its addition. The
// scalar remainder is a loop GCC vectorised for a narrower register: when at least
// `epilogue` elements remain, that many products are computed apart and added in order
// (unfused), and the rest are fused. Found against PyTorch 1.13: 4 for float in both
// loops, none for double in ComputeInternalGradients and 2 in GroupNormInputBackward.

/// sum over j of a(j) * b(j) as described above; epilogue 0 for none.
template <typename T, typename A, typename B>
T laneSum(int64_t n, A a, B b, int64_t epilogue)
{
    constexpr int64_t L = Vec<T>::kSize;
    const int64_t inner = n / L * L;
    Vec<T> acc;
    for (int64_t j = 0; j < inner; j += L)
        for (int64_t l = 0; l < L; ++l)
            acc.v[size_t(l)] = std::fma(a(j + l), b(j + l), acc.v[size_t(l)]);
    T total = T(0);
    for (int64_t l = 0; l < L; ++l)
        total += acc.v[size_t(l)];
    int64_t j = inner;
    if (epilogue > 0 && n - j >= epilogue)
        for (const int64_t end = j + epilogue; j < end; ++j)
            total += a(j) * b(j);
    for (; j < n; ++j)
        total = std::fma(a(j), b(j), total);
    return total;
}

template <typename T>
T laneSum(int64_t n, const T* a)
{
    constexpr int64_t L = Vec<T>::kSize;
    const int64_t inner = n / L * L;
    Vec<T> acc;
    for (int64_t j = 0; j < inner; j += L)
        for (int64_t l = 0; l < L; ++l)
            acc.v[size_t(l)] += a[j + l];
    T total = T(0);
    for (int64_t l = 0; l < L; ++l)
        total += acc.v[size_t(l)];
    for (int64_t j = inner; j < n; ++j)
        total += a[j];
    return total;
}

template <typename T>
void groupNormBackward(const T* dy, const T* x, const T* mean, const T* rstd, const T* gamma, int64_t N, int64_t C,
                       int64_t HxW, int64_t G, T* dx, T* dgamma, T* dbeta)
{
    const int64_t D = C / G;
    constexpr bool kIsFloat = sizeof(T) == 4;
    // ComputeInternalGradients: ds = sum(dy * x), db = sum(dy) per (sample, channel)
    std::vector<T> ds(size_t(N * C)), db(size_t(N * C));
    for (int64_t i = 0; i < N * C; ++i) {
        const T* dyRow = dy + i * HxW;
        const T* xRow = x + i * HxW;
        ds[size_t(i)] = laneSum<T>(
            HxW, [&](int64_t j) { return dyRow[j]; }, [&](int64_t j) { return xRow[j]; }, kIsFloat ? 4 : 0);
        db[size_t(i)] = laneSum<T>(HxW, dyRow);
    }
    if (dx) {
        const T s = T(1) / T(D * HxW);
        for (int64_t i = 0; i < N * G; ++i) {
            const int64_t g = i % G;
            const T* dsGroup = ds.data() + i * D;
            const T* dbGroup = db.data() + i * D;
            auto gammaAt = [&](int64_t j) { return gamma ? gamma[g * D + j] : T(1); };
            const T dsVal = laneSum<T>(D, [&](int64_t j) { return dsGroup[j]; }, gammaAt, kIsFloat ? 4 : 2);
            const T dbVal = laneSum<T>(D, [&](int64_t j) { return dbGroup[j]; }, gammaAt, kIsFloat ? 4 : 2);
            const T m = mean[i], r = rstd[i];
            const T c2 = std::fma(dbVal, m, -dsVal) * r * r * r * s;
            const T c3 = std::fma(-c2, m, -(dbVal * r * s));
            for (int64_t j = 0; j < D; ++j) {
                const T c1 = r * gammaAt(j);
                const int64_t row = (i * D + j) * HxW;
                for (int64_t k = 0; k < HxW; ++k)
                    dx[row + k] = std::fma(c1, dy[row + k], c2 * x[row + k]) + c3;
            }
        }
    }
    if (dgamma) {
        std::fill(dgamma, dgamma + C, T(0));
        for (int64_t i = 0; i < N * G; ++i) {
            const int64_t g = i % G;
            for (int64_t j = 0; j < D; ++j) {
                const int64_t c = g * D + j;
                const size_t k = size_t(i * D + j);
                dgamma[c] = std::fma(std::fma(-db[k], mean[i], ds[k]), rstd[i], dgamma[c]);
            }
        }
    }
    if (dbeta) {
        std::fill(dbeta, dbeta + C, T(0));
        for (int64_t n = 0; n < N; ++n)
            for (int64_t c = 0; c < C; ++c)
                dbeta[c] += db[size_t(n * C + c)];
    }
}

/// FunctionsManual's group_norm_jvp: batch_norm_jvp's training tangent of the input seen as
/// (1, N * groups, rest), whose channels are the (sample, group) blocks, then the affine part
/// per channel C.
Tensor groupNormJvp(const InputTangents& t, const Tensor& mean, const Tensor& rstd, int64_t groups)
{
    const Tensor& input = t.primal(0);
    const int64_t N = input.sizes()[0];
    const IntList blocks{1, N * groups, N ? -1 : 1};
    const Tensor inputBlocks = view(input, blocks);
    const Tensor tangentBlocks = view(t[0], blocks);
    const IntList statSizes{1, N * groups, 1};
    const Tensor meanBlocks = view(mean, statSizes), rstdBlocks = view(rstd, statSizes);
    const Tensor out = view(normalizedTangent(inputBlocks, tangentBlocks, meanBlocks, rstdBlocks, {0, 2},
                                              inputBlocks.sizes()[2]),
                            input.sizes());
    Tensor normalized;
    if (t.primal(1).defined())
        normalized = view(mul(sub(inputBlocks, meanBlocks), rstdBlocks), input.sizes());
    IntList affineSizes(size_t(input.dim()), 1);
    affineSizes[1] = input.sizes()[1];
    return affineTangent(out, normalized, t, affineSizes);
}

}  // namespace

Tensor groupNorm(const Tensor& inputIn, int64_t groups, const Tensor& weightIn, const Tensor& biasIn, double eps)
{
    // at::group_norm's checks (its bias message prints the weight's shape, as PyTorch 1.13's does).
    const int64_t N = inputIn.sizes()[size_t(wrapDim(0, inputIn.dim(), false))];
    const int64_t C = inputIn.sizes()[size_t(wrapDim(1, inputIn.dim(), false))];
    AGV_CHECK(groups != 0 && C % groups == 0, RuntimeError,
              "Expected number of channels in input to be divisible by num_groups, but got input of shape ",
              sizesToString(inputIn.sizes()), " and num_groups=", groups);
    const IntList undefinedSizes{0};
    AGV_CHECK(!weightIn.defined() || (weightIn.dim() == 1 && weightIn.numel() == C), RuntimeError,
              "Expected weight to be a vector of size equal to the number of channels in input, but got weight of "
              "shape ",
              sizesToString(weightIn.defined() ? weightIn.sizes() : undefinedSizes), " and input of shape ",
              sizesToString(inputIn.sizes()));
    AGV_CHECK(!biasIn.defined() || (biasIn.dim() == 1 && biasIn.numel() == C), RuntimeError,
              "Expected bias to be a vector of size equal to the number of channels in input, but got bias of shape ",
              sizesToString(weightIn.defined() ? weightIn.sizes() : undefinedSizes), " and input of shape ",
              sizesToString(inputIn.sizes()));
    AGV_CHECK(isFloatingType(inputIn.dtype()) && !isReducedFloatingType(inputIn.dtype()), RuntimeError,
              "\"GroupNormKernelImpl\" not implemented for '", legacyDtypeShortName(inputIn.dtype()), "'");
    for (const Tensor* p : {&weightIn, &biasIn})
        AGV_CHECK(!p->defined() || p->dtype() == inputIn.dtype(), RuntimeError, "expected scalar type ",
                  legacyDtypeShortName(inputIn.dtype()), " but found ", legacyDtypeShortName(p->dtype()));
    int64_t HxW = 1;
    for (int64_t d = 2; d < inputIn.dim(); ++d)
        HxW *= inputIn.sizes()[size_t(d)];

    // X = input.contiguous(input.suggest_memory_format()): a copy in the graph
    // (CloneBackward0) when the input is not laid out so.
    const MemoryFormat format = suggestMemoryFormat(inputIn);
    const bool channelsLast = format != MemoryFormat::Contiguous;
    const Tensor input = contiguousIn(inputIn, format);
    const Tensor weight = weightIn.defined() ? kernel::dense(weightIn) : Tensor();
    const Tensor bias = biasIn.defined() ? kernel::dense(biasIn) : Tensor();
    Tensor out = emptyIn(input.sizes(), format, input.dtype(), input.device());
    Tensor mean = kernel::newTensor({N, groups}, input.dtype(), input.device());
    Tensor rstd = kernel::newTensor({N, groups}, input.dtype(), input.device());
    // Blocks of no elements still get statistics (a mean of 0 and a NaN rstd), as in PyTorch.
    AGV_DISPATCH_FLOATING(input.dtype(), "GroupNormKernelImpl", [&] {
        using T = scalar_t;
        auto ptr = [](const Tensor& t) { return t.defined() ? t.data<T>() : nullptr; };
        if (channelsLast)
            groupNormForwardChannelsLast<T>(input.data<T>(), ptr(weight), ptr(bias), N, C, HxW, groups, T(eps),
                                            out.data<T>(), mean.data<T>(), rstd.data<T>());
        else
            groupNormForward<T>(input.data<T>(), ptr(weight), ptr(bias), N, C, HxW, groups, T(eps), out.data<T>(),
                                mean.data<T>(), rstd.data<T>());
    });

    OpRecorder rec("NativeGroupNormBackward0", {&input, &weightIn, &biasIn},
                   [N, C, HxW, groups](BackwardNode& node, const variable_list& g) {
                       auto incoming = [&g](size_t i) { return i < g.size() ? g[i] : Tensor(); };
                       // See Note [Group norm under grad mode].
                       if (GradMode::isEnabled() || incoming(1).defined() || incoming(2).defined()) {
                           const Tensor input = node.saved(0), weight = node.saved(1);
                           const Tensor mean = node.saved(2), rstd = node.saved(3);
                           const GroupNormGradients d = groupNormDifferentiableBackward(
                               g[0], incoming(1), incoming(2), input, mean, rstd, weight, N, C, HxW, groups,
                               node.needsInputGrad(0), node.needsInputGrad(1), node.needsInputGrad(2));
                           return variable_list{d.input, d.weight, d.bias};
                       }
                       if (!g[0].defined())
                           return variable_list{Tensor(), Tensor(), Tensor()};
                       const Tensor x = kernel::dense(node.saved(0)), w = node.saved(1);
                       const Tensor m = node.saved(2), r = node.saved(3);
                       const Tensor dy = kernel::dense(g[0]);
                       const Tensor gamma = w.defined() ? kernel::dense(w) : Tensor();
                       Tensor dx, dgamma, dbeta;
                       if (node.needsInputGrad(0))
                           dx = kernel::newTensor(x.sizes(), x.dtype(), x.device());
                       if (node.needsInputGrad(1))
                           dgamma = kernel::newTensor({C}, x.dtype(), x.device());
                       if (node.needsInputGrad(2)) {
                           // native_group_norm_backward makes dbeta like gamma: PyTorch 1.13 fails
                           // for a bias without a weight.
                           AGV_CHECK(w.defined(), RuntimeError, "tensor does not have a device");
                           dbeta = kernel::newTensor({C}, x.dtype(), x.device());
                       }
                       AGV_DISPATCH_FLOATING(x.dtype(), "GroupNormBackwardKernelImpl", [&] {
                           using T = scalar_t;
                           auto ptr = [](const Tensor& t) { return t.defined() ? t.data<T>() : nullptr; };
                           groupNormBackward<T>(dy.data<T>(), x.data<T>(), m.data<T>(), r.data<T>(), ptr(gamma), N, C,
                                                HxW, groups, ptr(dx), ptr(dgamma), ptr(dbeta));
                       });
                       return variable_list{dx, dgamma, dbeta};
                   });
    rec.attr("C", C);
    rec.attr("HxW", HxW);
    rec.attr("N", N);
    rec.attr("eps", eps);
    rec.attr("group", groups);
    rec.save("input", input);
    rec.save("weight", weightIn);
    // derivatives.yaml: result0: group_norm_jvp(input_p, input_t, weight_p, weight_t, bias_p, bias_t,
    // result1, result2, group); mean and rstd reach no script, so only the output gets a tangent.
    rec.forward([&mean, &rstd, groups](const InputTangents& t, const Tensor&) {
        return groupNormJvp(t, mean, rstd, groups);
    });
    // mean and rstd are differentiable outputs of native_group_norm too (unlike layer
    // norm's), so the saved ones carry the node as their grad_fn.
    const TensorList outs = rec.finish(TensorList{out, mean, rstd});
    if (rec.active()) {
        rec.node()->save("result1", outs[1], /*isOutput=*/true);
        rec.node()->save("result2", outs[2], /*isOutput=*/true);
    }
    return outs[0];
}

}  // namespace agv::ops

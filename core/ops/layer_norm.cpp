// native_layer_norm (F.layer_norm, nn.LayerNorm): grad_fn NativeLayerNormBackward0.
// Arithmetic as PyTorch 1.13's CPU kernel (layer_norm_kernel.cpp, one thread), which
// works in the tensor's dtype throughout:
//   * each row's mean and variance come from RowwiseMoments (Note [Rowwise moments],
//     norm_moments.h);
//   * rstd = 1 / sqrt(var + eps), y = (x * rstd + (-rstd * mean)) * gamma + beta;
//   * the backward sums ds = sum(dy * x * gamma) and db = sum(dy * gamma) with the
//     vectorised reductions of vec::map{2,3}_reduce_all (Note [Vector reduce_all]) and
//     accumulates dgamma / dbeta row after row.
// Which products PyTorch's AVX2 build fused into multiply-adds was found by testing
// every choice against PyTorch 1.13 (rows of 1 to 4100 elements, with and without
// weight and bias): the moments are not fused at all; y's two multiply-adds, dgamma's
// two, the sums' accumulations, b's db * mean - ds, c's -b * mean and dx's b * x are.
// Bit for bit in float32 and float64.

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "core/ops/kernels.h"
#include "core/ops/norm_jvp.h"
#include "core/ops/norm_double_backward.h"
#include "core/ops/norm_moments.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

using moments::rowwiseMoments;
using moments::Vec;

// Note [Vector reduce_all]
// vec::reduce_all / map2_reduce_all / map3_reduce_all over n elements: the first vector
// (mapped, unfused) starts the accumulator, each further whole vector is mapped and
// added lane by lane (the last product fused into the addition), a partial last vector
// is added to the first n % L lanes only; then the lanes are combined. For float,
// AVX2's VecReduceAllSIMD folds them as a tree ((l0 + l4) + (l2 + l6)) + ((l1 + l5) +
// (l3 + l7)); for double the generic vec_reduce_all adds lanes 1, 2, 3 to lane 0 in turn.
// A row shorter than one vector is mapped and its n lanes added to lane 0 in turn.

template <typename T>
T foldLanes(const Vec<T>& acc)
{
    const auto& v = acc.v;
    if constexpr (Vec<T>::kSize == 8)
        return ((v[0] + v[4]) + (v[2] + v[6])) + ((v[1] + v[5]) + (v[3] + v[7]));
    else
        return ((v[0] + v[1]) + v[2]) + v[3];
}

/// The sum over j of product(j) = head(j) * last(j), the accumulation fusing that
/// last multiplication; `plain` (reduce_all of one array) adds last(j) alone.
template <typename T, typename Head, typename Last>
T reduceAll(int64_t size, bool plain, Head head, Last last)
{
    constexpr int64_t L = Vec<T>::kSize;
    Vec<T> acc;
    const int64_t first = std::min(size, L);
    for (int64_t l = 0; l < first; ++l)
        acc.v[size_t(l)] = plain ? last(l) : head(l) * last(l);
    if (size < L) {
        T total = acc.v[0];
        for (int64_t l = 1; l < size; ++l)
            total = total + acc.v[size_t(l)];
        return total;
    }
    for (int64_t d = L; d < size; d += L) {
        const int64_t count = std::min(L, size - d);
        for (int64_t l = 0; l < count; ++l) {
            T& s = acc.v[size_t(l)];
            s = plain ? s + last(d + l) : std::fma(head(d + l), last(d + l), s);
        }
    }
    return foldLanes(acc);
}

/// Rows of n elements: mean and rstd per row, and y.
template <typename T>
void layerNormForward(const T* x, const T* gamma, const T* beta, int64_t rows, int64_t n, T eps, T* y, T* mean,
                      T* rstd)
{
    for (int64_t i = 0; i < rows; ++i) {
        const T* xr = x + i * n;
        T* yr = y + i * n;
        auto [m, var] = rowwiseMoments(xr, n);
        const T r = T(1) / std::sqrt(var + eps);
        const T bias = -r * m;
        for (int64_t j = 0; j < n; ++j) {
            const T g = gamma ? gamma[j] : T(1);
            const T b = beta ? beta[j] : T(0);
            yr[j] = std::fma(std::fma(xr[j], r, bias), g, b);
        }
        mean[i] = m;
        rstd[i] = r;
    }
}

template <typename T>
void layerNormBackward(const T* dy, const T* x, const T* mean, const T* rstd, const T* gamma, int64_t rows, int64_t n,
                       T* dx, T* dgamma, T* dbeta)
{
    const T scale = T(1) / T(n);
    std::vector<T> gammaBuffer(dgamma ? size_t(n) : 0, T(0)), betaBuffer(dbeta ? size_t(n) : 0, T(0));
    for (int64_t i = 0; i < rows; ++i) {
        const T* dyr = dy + i * n;
        const T* xr = x + i * n;
        if (dgamma) {
            const T a = rstd[i];
            const T b = -a * mean[i];
            for (int64_t j = 0; j < n; ++j)
                gammaBuffer[size_t(j)] = std::fma(dyr[j], std::fma(a, xr[j], b), gammaBuffer[size_t(j)]);
        }
        if (dbeta)
            for (int64_t j = 0; j < n; ++j)
                betaBuffer[size_t(j)] = betaBuffer[size_t(j)] + dyr[j];
        if (dx) {
            // ds = sum(dy * x * gamma), db = sum(dy * gamma), gamma left out when there is none
            const auto dyAt = [&](int64_t j) { return dyr[j]; };
            const auto dyxAt = [&](int64_t j) { return dyr[j] * xr[j]; };
            const auto xAt = [&](int64_t j) { return xr[j]; };
            const auto gammaAt = [&](int64_t j) { return gamma[j]; };
            const T ds = gamma ? reduceAll<T>(n, false, dyxAt, gammaAt) : reduceAll<T>(n, false, dyAt, xAt);
            const T db = gamma ? reduceAll<T>(n, false, dyAt, gammaAt) : reduceAll<T>(n, true, dyAt, dyAt);
            const T a = rstd[i];
            const T b = std::fma(db, mean[i], -ds) * a * a * a * scale;
            const T c = std::fma(-b, mean[i], -(db * a * scale));
            T* dxr = dx + i * n;
            for (int64_t j = 0; j < n; ++j) {
                const T g = gamma ? gamma[j] : T(1);
                dxr[j] = std::fma(b, xr[j], a * dyr[j] * g) + c;  // b * x is the fused product
            }
        }
    }
    // The second pass adds the one thread's buffer to zero.
    for (int64_t j = 0; j < n; ++j) {
        if (dgamma)
            dgamma[j] = T(0) + gammaBuffer[size_t(j)];
        if (dbeta)
            dbeta[j] = T(0) + betaBuffer[size_t(j)];
    }
}

/// _check_layer_norm_inputs: (rows, row length).
std::pair<int64_t, int64_t> checkLayerNormInputs(const Tensor& input, const IntList& normalizedShape,
                                                 const Tensor& weight, const Tensor& bias)
{
    AGV_CHECK(!normalizedShape.empty(), RuntimeError,
              "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but "
              "got normalized_shape = ",
              sizesToString(normalizedShape));
    AGV_CHECK(!weight.defined() || weight.sizes() == normalizedShape, RuntimeError,
              "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
              sizesToString(weight.sizes()), " and normalized_shape = ", sizesToString(normalizedShape));
    AGV_CHECK(!bias.defined() || bias.sizes() == normalizedShape, RuntimeError,
              "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
              sizesToString(bias.sizes()), " and normalized_shape = ", sizesToString(normalizedShape));
    const int64_t axis = input.dim() - int64_t(normalizedShape.size());
    const bool matches =
        axis >= 0 && IntList(input.sizes().begin() + axis, input.sizes().end()) == normalizedShape;
    if (!matches) {
        std::string expected = "[*";
        for (int64_t s : normalizedShape)
            expected += ", " + std::to_string(s);
        AGV_CHECK(false, RuntimeError, "Given normalized_shape=", sizesToString(normalizedShape),
                  ", expected input with shape ", expected, "], but got input of size", sizesToString(input.sizes()));
    }
    int64_t rows = 1, n = 1;
    for (int64_t d = 0; d < input.dim(); ++d)
        (d < axis ? rows : n) *= input.sizes()[size_t(d)];
    return {rows, n};
}

/// FunctionsManual's layer_norm_jvp: the statistics over the normalized (last) dims.
/// `mean` and `rstd` are the saved statistics, already shaped as the input with the
/// normalized dims 1.
Tensor layerNormJvp(const InputTangents& t, const Tensor& mean, const Tensor& rstd, size_t normalizedDims)
{
    const Tensor& input = t.primal(0);
    IntList dims, affineSizes = input.sizes();
    int64_t numel = 1;
    for (int64_t d = 0; d < input.dim(); ++d) {
        if (size_t(d) < size_t(input.dim()) - normalizedDims) {
            affineSizes[size_t(d)] = 1;
        } else {
            numel *= input.sizes()[size_t(d)];
            dims.push_back(d);
        }
    }
    const Tensor out = normalizedTangent(input, t[0], mean, rstd, dims, numel);
    const Tensor normalized = t.primal(1).defined() ? mul(sub(input, mean), rstd) : Tensor();
    return affineTangent(out, normalized, t, affineSizes);
}

/// native_layer_norm_backward's CPU kernel: the gradients the output mask asks for.
variable_list layerNormBackwardValues(const Tensor& gradOut, const Tensor& input, const IntList& normalizedShape,
                                      const Tensor& mean, const Tensor& rstd, const Tensor& w, const Tensor& bias,
                                      std::array<bool, 3> mask)
{
    const int64_t axis = input.dim() - int64_t(normalizedShape.size());
    int64_t rows = 1, n = 1;
    for (int64_t d = 0; d < input.dim(); ++d)
        (d < axis ? rows : n) *= input.sizes()[size_t(d)];
    const Tensor x = kernel::dense(input);
    const Tensor dy = kernel::dense(gradOut);
    const Tensor gamma = w.defined() ? kernel::dense(w) : Tensor();
    Tensor dx, dgamma, dbeta;
    if (mask[0])
        dx = kernel::newTensor(x.sizes(), x.dtype(), x.device());
    if (mask[1])
        dgamma = kernel::newTensor(w.sizes(), x.dtype(), x.device());
    if (mask[2])
        dbeta = kernel::newTensor(bias.sizes(), x.dtype(), x.device());
    AGV_DISPATCH_FLOATING(x.dtype(), "LayerNormBackwardKernelImpl", [&] {
        using T = scalar_t;
        auto ptr = [](const Tensor& t) { return t.defined() ? t.data<T>() : nullptr; };
        layerNormBackward<T>(dy.data<T>(), x.data<T>(), mean.data<T>(), rstd.data<T>(), ptr(gamma), rows, n,
                             ptr(dx), ptr(dgamma), ptr(dbeta));
    });
    return variable_list{dx, dgamma, dbeta};
}

/// native_layer_norm_backward as an op: under create_graph its gradients carry the node
/// NativeLayerNormBackwardBackward0, whose inputs are grad_out, input, mean, rstd, weight
/// and bias (derivatives.yaml: input, weight, grad_out: layer_norm_double_backward; bias:
/// Tensor()).
variable_list nativeLayerNormBackward(const Tensor& gradOut, const Tensor& input, const IntList& normalizedShape,
                                      const Tensor& mean, const Tensor& rstd, const Tensor& weight,
                                      const Tensor& bias, std::array<bool, 3> mask)
{
    const size_t normalizedDims = normalizedShape.size();
    OpRecorder rec("NativeLayerNormBackwardBackward0", {&gradOut, &input, &mean, &rstd, &weight, &bias},
                   [normalizedDims](BackwardNode& n, const variable_list& g) {
                       auto incoming = [&g](size_t i) { return i < g.size() ? g[i] : Tensor(); };
                       // Unpacked in the generated apply()'s order.
                       const Tensor gradOut = n.saved(0), input = n.saved(1), mean = n.saved(2);
                       const Tensor rstd = n.saved(3), weight = n.saved(4);
                       const NormDoubleBackward d = layerNormDoubleBackward(
                           input, weight, incoming(0), incoming(1), incoming(2), gradOut, mean, rstd, normalizedDims);
                       return variable_list{n.needsInputGrad(0) ? d.gradGradOutput : Tensor(),
                                            n.needsInputGrad(1) ? d.gradInput : Tensor(),
                                            Tensor(),
                                            Tensor(),
                                            n.needsInputGrad(4) ? d.gradWeight : Tensor(),
                                            Tensor()};
                   });
    if (rec.active()) {
        rec.save("grad_out", gradOut);
        rec.save("input", input);
        rec.save("mean", mean);
        rec.save("rstd", rstd);
        rec.save("weight", weight);
        rec.attr("normalized_shape", normalizedShape);
    }
    return rec.finish(quietly([&] {
        return layerNormBackwardValues(gradOut, input, normalizedShape, mean, rstd, weight, bias, mask);
    }));
}

}  // namespace

Tensor layerNorm(const Tensor& inputIn, const IntList& normalizedShape, const Tensor& weightIn, const Tensor& biasIn,
                 double eps)
{
    // native_layer_norm's autograd kernel collects the gradient edges before its checks.
    for (const Tensor* t : {&inputIn, &weightIn, &biasIn})
        if (t->defined())
            gradientEdgeFirst(*t);
    // Not a structured binding: lambdas below capture these (clang 14 cannot capture bindings).
    const std::pair<int64_t, int64_t> rowsAndSize = checkLayerNormInputs(inputIn, normalizedShape, weightIn, biasIn);
    const int64_t rows = rowsAndSize.first, n = rowsAndSize.second;
    AGV_CHECK(inputIn.dtype() != ScalarType::BFloat16, NotImplementedError,
              "autogradviz: layer_norm on bfloat16 tensors is not supported yet");
    const Tensor input = kernel::dense(inputIn);
    const Tensor weight = weightIn.defined() ? kernel::dense(weightIn) : Tensor();
    const Tensor bias = biasIn.defined() ? kernel::dense(biasIn) : Tensor();
    Tensor out = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    // mean and rstd in the statistics' shape: the input's leading dims, then ones.
    IntList statShape = input.sizes();
    for (size_t d = statShape.size() - normalizedShape.size(); d < statShape.size(); ++d)
        statShape[d] = 1;
    Tensor mean = kernel::newTensor(statShape, input.dtype(), input.device());
    Tensor rstd = kernel::newTensor(statShape, input.dtype(), input.device());
    if (rows > 0)
        AGV_DISPATCH_FLOATING(input.dtype(), "LayerNormKernelImpl", [&] {
            using T = scalar_t;
            layerNormForward<T>(input.data<T>(), weight.defined() ? weight.data<T>() : nullptr,
                                bias.defined() ? bias.data<T>() : nullptr, rows, n, T(eps), out.data<T>(),
                                mean.data<T>(), rstd.data<T>());
        });

    OpRecorder rec("NativeLayerNormBackward0", {&inputIn, &weightIn, &biasIn},
                   [normalizedShape](BackwardNode& node, const variable_list& g) {
                       if (!g[0].defined())
                           return variable_list{Tensor(), Tensor(), Tensor()};
                       const Tensor input = node.saved(0), weight = node.saved(1), bias = node.saved(2);
                       const Tensor mean = node.saved(3), rstd = node.saved(4);
                       return nativeLayerNormBackward(
                           g[0], input, normalizedShape, mean, rstd, weight, bias,
                           {node.needsInputGrad(0), node.needsInputGrad(1), node.needsInputGrad(2)});
                   });
    rec.save("input", inputIn);
    rec.save("weight", weightIn);
    rec.save("bias", biasIn);
    rec.attr("normalized_shape", normalizedShape);
    // derivatives.yaml: result0: layer_norm_jvp(input_p, input_t, weight_p, weight_t, bias_p, bias_t,
    // result1, result2, normalized_shape)
    rec.forward([&mean, &rstd, &normalizedShape](const InputTangents& t, const Tensor&) {
        return layerNormJvp(t, mean, rstd, normalizedShape.size());
    });
    out = rec.finish(out);
    rec.save("result1", mean);
    rec.save("result2", rstd);
    return out;
}

}  // namespace agv::ops

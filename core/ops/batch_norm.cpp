// native_batch_norm (F.batch_norm, nn.BatchNorm*d): grad_fn NativeBatchNormBackward0.
// Arithmetic as PyTorch 1.13's CPU kernel: per channel, the mean and the sum of
// squared deviations are accumulated in double (the sum then kept in the tensor's
// dtype), the normalisation is applied as x * alpha + beta with alpha = invstd * weight
// and beta = bias - mean * alpha in the tensor's dtype, both fused multiply-adds. The
// running statistics are updated in place without a version bump (native_batch_norm
// does not declare them as mutated).
//
// Note [Batch norm over channels only]
// An input with one element per (sample, channel) (N, C or N, C, 1, ...) takes
// PyTorch's channels-last kernels instead: the per-channel sum and the sum of squared
// deviations are accumulated sample after sample in the tensor's dtype, the latter with
// fused multiply-adds (the AVX2 build contracts y + d * d), the variance is var_sum / n
// in the tensor's dtype, and beta = bias - mean * alpha and x * alpha + beta are fused
// too. In training, the backward accumulates sum(dy) and sum((x - mean) * dy) the same
// way (the latter fused) and fuses dy - mean(dy) - (x - mean) * k. Verified against
// PyTorch 1.13 bit for bit.

#include <array>
#include <cmath>
#include <cstring>

#include "core/ops/kernels.h"
#include "core/ops/no_derivative.h"
#include "core/ops/norm_jvp.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/vectorized_reduce.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// (batch, channels, image) view of an (N, C, *) tensor's contiguous data.
struct Layout {
    int64_t batch, channels, image;

    int64_t count() const { return batch * image; }
    int64_t offset(int64_t n, int64_t c) const { return (n * channels + c) * image; }
};

Layout layoutOf(const Tensor& t)
{
    Layout l{t.sizes()[0], t.dim() > 1 ? t.sizes()[1] : 1, 1};
    for (int64_t d = 2; d < t.dim(); ++d)
        l.image *= t.sizes()[size_t(d)];
    return l;
}

template <typename T>
T at(const Tensor& t, int64_t i, T fallback)
{
    return t.defined() ? t.data<T>()[i] : fallback;
}

/// One AVX2 register of T.
template <typename T>
constexpr int kLanes = int(32 / sizeof(T));

/// vec::map2_reduce_all((x - mean) * dy, +, x, dy, n) as PyTorch's AVX2 build computes it:
/// one vector accumulator (Note [Vectorised row reductions]), each further vector's product
/// fused into it.
template <typename T>
T centeredDot(const T* x, const T* dy, int64_t n, T mean)
{
    constexpr int L = kLanes<T>;
    std::array<T, L> acc{};
    if (n < L) {
        for (int64_t i = 0; i < n; ++i)
            acc[size_t(i)] = (x[i] - mean) * dy[i];
        return vectorized::reduceLanes<T, L>(acc, n);
    }
    for (int64_t i = 0; i < L; ++i)
        acc[size_t(i)] = (x[i] - mean) * dy[i];
    int64_t d = L;
    for (; d < n - n % L; d += L)
        for (int64_t i = 0; i < L; ++i)
            acc[size_t(i)] = std::fma(x[d + i] - mean, dy[d + i], acc[size_t(i)]);
    for (int64_t i = 0; i < n - d; ++i)
        acc[size_t(i)] = std::fma(x[d + i] - mean, dy[d + i], acc[size_t(i)]);
    return vectorized::reduceLanes<T, L>(acc, L);
}

/// Per-channel mean and 1/std the normalisation uses (batch statistics or running ones).
template <typename T>
void statistics(const Tensor& x, const Layout& l, bool training, const Tensor& runningMean, const Tensor& runningVar,
                double momentum, double eps, T* mean, T* invstd)
{
    for (int64_t c = 0; c < l.channels; ++c) {
        if (!training) {
            mean[c] = runningMean.data<T>()[c];
            invstd[c] = T(1) / std::sqrt(runningVar.data<T>()[c] + T(eps));
            continue;
        }
        if (l.image == 1) {
            // See Note [Batch norm over channels only].
            T sum = 0;
            for (int64_t n = 0; n < l.batch; ++n)
                sum += x.data<T>()[l.offset(n, c)];
            const T m = T(double(sum) / double(l.count()));
            T varSum = 0;
            for (int64_t n = 0; n < l.batch; ++n) {
                const T d = x.data<T>()[l.offset(n, c)] - m;
                varSum = std::fma(d, d, varSum);
            }
            mean[c] = m;
            invstd[c] = T(1.0 / std::sqrt(double(T(varSum / T(l.count()))) + eps));
            // The running statistics in the tensor's dtype too, with the unbiased
            // variance's update summed in double.
            const T mom = T(momentum);
            if (runningMean.defined())
                runningMean.data<T>()[c] = mom * m + (T(1) - mom) * runningMean.data<T>()[c];
            if (runningVar.defined()) {
                const T unbiased = varSum / T(l.count() - 1);
                runningVar.data<T>()[c] =
                    T(double(mom) * double(unbiased) + double((T(1) - mom) * runningVar.data<T>()[c]));
            }
            continue;
        }
        double total = 0;
        for (int64_t n = 0; n < l.batch; ++n)
            for (int64_t i = 0; i < l.image; ++i)
                total += x.data<T>()[l.offset(n, c) + i];
        const T m = T(total / double(l.count()));
        double squares = 0;
        for (int64_t n = 0; n < l.batch; ++n)
            for (int64_t i = 0; i < l.image; ++i) {
                const T d = x.data<T>()[l.offset(n, c) + i] - m;
                squares += d * d;
            }
        // The sum of squares is kept in the tensor's dtype (collect_stats' var_sum tensor),
        // and update_stats divides it there too, as for Note [Batch norm over channels only].
        const T varSum = T(squares);
        mean[c] = m;
        invstd[c] = T(1.0 / std::sqrt(double(T(varSum / T(l.count()))) + eps));
        const T mom = T(momentum);
        if (runningMean.defined())
            runningMean.data<T>()[c] = mom * m + (T(1) - mom) * runningMean.data<T>()[c];
        if (runningVar.defined()) {
            const T unbiased = varSum / T(l.count() - 1);
            runningVar.data<T>()[c] = T(double(mom) * double(unbiased) + double((T(1) - mom) * runningVar.data<T>()[c]));
        }
    }
}

/// FunctionsManual's batch_norm_jvp: statistics per channel (dim 1) over every other dim.
/// In training the saved batch statistics; in evaluation the running ones, whose invstd
/// is recomputed as 1 / sqrt(running_var + eps) and whose tangent is input_t * invstd.
Tensor batchNormJvp(const InputTangents& t, const Tensor& runningMean, const Tensor& runningVar,
                    const Tensor& saveMean, const Tensor& saveInvstd, bool training, double eps)
{
    const Tensor& input = t.primal(0);
    IntList dims, viewSizes = input.sizes();
    int64_t numel = 1;
    for (int64_t d = 0; d < input.dim(); ++d)
        if (d != 1) {
            numel *= input.sizes()[size_t(d)];
            viewSizes[size_t(d)] = 1;
            dims.push_back(d);
        }
    Tensor mean, invstd, out;
    if (training) {
        mean = view(saveMean, viewSizes);
        invstd = view(saveInvstd, viewSizes);
        out = normalizedTangent(input, t[0], mean, invstd, dims, numel);
    } else {
        mean = view(runningMean, viewSizes);
        invstd = view(reciprocal(sqrt(add(runningVar, Scalar(eps)))), viewSizes);
        out = mul(t[0], invstd);
    }
    const Tensor normalized = t.primal(1).defined() ? mul(sub(input, mean), invstd) : Tensor();
    return affineTangent(out, normalized, t, viewSizes);
}

}  // namespace

Tensor batchNorm(const Tensor& inputIn, const Tensor& weight, const Tensor& bias, const Tensor& runningMean,
                 const Tensor& runningVar, bool training, double momentum, double eps)
{
    AGV_CHECK(inputIn.dim() >= 2, RuntimeError, "Expected 2D or higher input to batch_norm, got ", inputIn.dim(),
              "D");
    const Layout l = layoutOf(inputIn);
    AGV_CHECK(training || (runningMean.defined() && runningVar.defined()), RuntimeError,
              "running_mean must be defined in evaluation mode");
    for (const Tensor* t : {&weight, &bias, &runningMean, &runningVar})
        AGV_CHECK(!t->defined() || t->numel() == l.channels, RuntimeError, "running_mean should contain ",
                  l.channels, " elements not ", t->numel());
    checkNoRequiresGrad(runningMean, "running_mean", "native_batch_norm");
    checkNoRequiresGrad(runningVar, "running_var", "native_batch_norm");
    const Tensor input = kernel::dense(inputIn);
    Tensor out = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    Tensor saveMean = kernel::newTensor({l.channels}, input.dtype(), input.device());
    Tensor saveInvstd = kernel::newTensor({l.channels}, input.dtype(), input.device());
    AGV_DISPATCH_FLOATING(input.dtype(), "batch_norm", [&] {
        using T = scalar_t;
        std::vector<T> mean(size_t(l.channels)), invstd(size_t(l.channels));
        statistics<T>(input, l, training, runningMean, runningVar, momentum, eps, mean.data(), invstd.data());
        for (int64_t c = 0; c < l.channels; ++c) {
            const T alpha = invstd[size_t(c)] * at<T>(weight, c, T(1));
            if (l.image == 1) {
                const T beta = std::fma(-mean[size_t(c)], alpha, at<T>(bias, c, T(0)));
                for (int64_t n = 0; n < l.batch; ++n)
                    out.data<T>()[l.offset(n, c)] = std::fma(input.data<T>()[l.offset(n, c)], alpha, beta);
                saveMean.data<T>()[c] = mean[size_t(c)];
                saveInvstd.data<T>()[c] = invstd[size_t(c)];
                continue;
            }
            // PyTorch's AVX2 build contracts both beta = bias - mean * alpha and the vectorised
            // x * alpha + beta into fused multiply-adds (checked against 1.13 on 4-D, 3-D and
            // odd image sizes, float32 and float64).
            const T beta = std::fma(-mean[size_t(c)], alpha, at<T>(bias, c, T(0)));
            for (int64_t n = 0; n < l.batch; ++n) {
                const T* x = input.data<T>() + l.offset(n, c);
                T* y = out.data<T>() + l.offset(n, c);
                for (int64_t i = 0; i < l.image; ++i)
                    y[i] = std::fma(x[i], alpha, beta);
            }
            // PyTorch keeps empty save_mean / save_invstd in evaluation mode; we keep the values used.
            saveMean.data<T>()[c] = mean[size_t(c)];
            saveInvstd.data<T>()[c] = invstd[size_t(c)];
        }
    });

    OpRecorder rec("NativeBatchNormBackward0", {&inputIn, &weight, &bias},
                   [training, eps](BackwardNode& n, const variable_list& g) {
                       const Tensor x = kernel::dense(n.saved(0)), w = n.saved(3);
                       const Tensor mean = n.saved(4), invstd = n.saved(5);
                       const Tensor go = kernel::dense(g[0]);
                       const Layout l = layoutOf(x);
                       Tensor gradInput, gradWeight, gradBias;
                       if (n.needsInputGrad(0))
                           gradInput = kernel::newTensor(x.sizes(), x.dtype(), x.device());
                       if (n.needsInputGrad(1))
                           gradWeight = kernel::newTensor({l.channels}, x.dtype(), x.device());
                       if (n.needsInputGrad(2))
                           gradBias = kernel::newTensor({l.channels}, x.dtype(), x.device());
                       AGV_DISPATCH_FLOATING(x.dtype(), "batch_norm_backward", [&] {
                           using T = scalar_t;
                           for (int64_t c = 0; c < l.channels; ++c) {
                               const T m = mean.data<T>()[c], s = invstd.data<T>()[c];
                               const T weightValue = at<T>(w, c, T(1));
                               if (l.image == 1) {
                                   // See Note [Batch norm over channels only].
                                   T sum = 0, dotp = 0;
                                   for (int64_t b = 0; b < l.batch; ++b) {
                                       const T gv = go.data<T>()[l.offset(b, c)];
                                       sum += gv;
                                       dotp = std::fma(x.data<T>()[l.offset(b, c)] - m, gv, dotp);
                                   }
                                   // Evaluation: 1 / std from the running variance, in double.
                                   const T invstd =
                                       training ? s : T(1.0 / std::sqrt(double(n.saved(2).data<T>()[c]) + eps));
                                   const T count = T(l.count());
                                   const T k = dotp * s * s / count;
                                   const T gradMean = sum / count;
                                   if (gradInput.defined())
                                       for (int64_t b = 0; b < l.batch; ++b) {
                                           const int64_t o = l.offset(b, c);
                                           const T gv = go.data<T>()[o];
                                           gradInput.data<T>()[o] =
                                               training ? std::fma(-(x.data<T>()[o] - m), k, gv - gradMean) * s *
                                                              weightValue
                                                        : gv * invstd * weightValue;
                                       }
                                   if (gradWeight.defined())
                                       gradWeight.data<T>()[c] = dotp * invstd;
                                   if (gradBias.defined())
                                       gradBias.data<T>()[c] = sum;
                                   continue;
                               }
                               // Per (sample, channel) plane: vec::reduce_all and map2_reduce_all in the
                               // tensor's dtype, accumulated in double across samples.
                               double total = 0, dot = 0;
                               for (int64_t b = 0; b < l.batch; ++b) {
                                   const T* dy = go.data<T>() + l.offset(b, c);
                                   total += vectorized::mapSum<T, kLanes<T>>(dy, l.image, [](auto&) {});
                                   dot += centeredDot<T>(x.data<T>() + l.offset(b, c), dy, l.image, m);
                               }
                               // Evaluation: 1 / std from the running variance, in double.
                               const T invstd =
                                   training ? s : T(1.0 / std::sqrt(double(n.saved(2).data<T>()[c]) + eps));
                               if (gradInput.defined()) {
                                   const T k = T(dot) * s * s / T(l.count());
                                   const T gradMean = T(total / double(l.count()));
                                   for (int64_t b = 0; b < l.batch; ++b)
                                       for (int64_t i = 0; i < l.image; ++i) {
                                           const int64_t o = l.offset(b, c) + i;
                                           const T gv = go.data<T>()[o];
                                           // (dy - grad_mean - (x - mean) * k), the product fused
                                           gradInput.data<T>()[o] =
                                               training ? std::fma(-(x.data<T>()[o] - m), k, gv - gradMean) * s *
                                                              weightValue
                                                        : gv * invstd * weightValue;
                                       }
                               }
                               if (gradWeight.defined())
                                   gradWeight.data<T>()[c] = T(dot * double(invstd));
                               if (gradBias.defined())
                                   gradBias.data<T>()[c] = T(total);
                           }
                       });
                       return variable_list{gradInput, gradWeight, gradBias};
                   });
    rec.attr("eps", eps);
    rec.save("input", inputIn);
    rec.save("running_mean", runningMean);
    rec.save("running_var", runningVar);
    rec.attr("training", training);
    rec.save("weight", weight);
    // derivatives.yaml: result0: batch_norm_jvp(input_p, input_t, weight_p, weight_t, bias_p, bias_t,
    // running_mean, running_var, result1, result2, training, eps)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return batchNormJvp(t, runningMean, runningVar, saveMean, saveInvstd, training, eps);
    });
    out = rec.finish(out);
    rec.save("result1", saveMean);
    rec.save("result2", saveInvstd);
    return out;
}

}  // namespace agv::ops

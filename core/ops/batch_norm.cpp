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
// way (the latter fused) and fuses dy - mean(dy) - (x - mean) * k, except in float64 for
// the last C % 4 channels, past the last whole AVX2 vector, whose dx is computed unfused
// (found against 1.13 with 2 to 17 channels). Verified against PyTorch 1.13 bit for bit.
//
// Note [Batch norm over strided inputs]
// 1.13's batch_norm_cpu takes its kernels only for an input contiguous in the default or
// a channels-last format (and, backward, a gradient laid out like it). Any other input
// (a transposed (N, L, C) sequence given to BatchNorm1d, a slice) goes through
// TensorIterator loops in Normalization.cpp itself, a file built without FMA:
//   * the mean is at::mean over every dim but 1; the squared deviations (x - mean)^2 are
//     formed and accumulated in double, in the iterator's order of the channel's elements;
//     1 / std and the running statistics are computed in double;
//   * the output is ((x - mean) * invstd) * weight + bias in the tensor's dtype, unfused;
//   * backward: sum(dy) is at::sum; the products (x - mean) * dy are formed in the dtype
//     and accumulated in double; dx = (dy - sum(dy) / n - (x - mean) * k) * invstd * w,
//     each step rounded to the dtype.

#include <array>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/no_derivative.h"
#include "core/ops/norm_double_backward.h"
#include "core/ops/norm_jvp.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
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

// Note [Batch norm's variance loop as GCC vectorised it]
// Over images (N, C, more than one element), 1.13's collect_stats sums the squared
// deviations in a plain scalar loop per (sample, channel) plane, in the accumulation
// dtype. For float64, GCC vectorised that loop two elements at a time with an in-order
// reduction: the squares of each pair are rounded, then added one by one; the odd last
// element of a plane is left to the scalar epilogue, where the AVX2 build contracts
// acc + d * d into one fused multiply-add. A plain sum matched 1315 of 1319 channels of
// random 4-d inputs; this rule matches all 550 channels of planes of 2 to 11 elements
// (float32's squares are float products added in double: nothing to fuse).

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
        // See Note [Batch norm's variance loop as GCC vectorised it].
        const int64_t pairs = std::is_same_v<T, double> ? l.image / 2 * 2 : l.image;
        double squares = 0;
        for (int64_t n = 0; n < l.batch; ++n)
            for (int64_t i = 0; i < l.image; ++i) {
                const T d = x.data<T>()[l.offset(n, c) + i] - m;
                if (i < pairs)
                    squares += d * d;
                else
                    squares = std::fma(double(d), double(d), squares);
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

/// is_contiguous of 1.13's Normalization.cpp: dense in the default or the 2-d channels-last
/// format (a channels_last_3d input takes the strided loops).
bool takesBatchNormKernels(const Tensor& t)
{
    return t.isContiguous() || isContiguousIn(t, MemoryFormat::ChannelsLast);
}

// Note [Batch norm of channels-last inputs]
// An input contiguous in channels_last (and not plainly contiguous) is, to 1.13's
// kernels, N * H * W rows of C channels: the channels-last kernels of Note [Batch norm
// over channels only], and results laid out channels last. We run the (rows, C) case on
// a view of the same memory and lay the result back out as (N, C, H, W).

/// Whether `t` takes the channels-last kernels as rows of channels.
bool isChannelsLastRows(const Tensor& t) { return !t.isContiguous() && isContiguousIn(t, MemoryFormat::ChannelsLast); }

/// `t` (isChannelsLastRows) seen as its (N * H * W, C) rows.
Tensor channelsLastRows(const Tensor& t)
{
    const int64_t channels = t.sizes()[1];
    const int64_t rows = channels == 0 ? 0 : t.numel() / channels;
    return Tensor(std::make_shared<TensorImpl>(t.impl()->storage(), t.dtype(), IntList{rows, channels},
                                               IntList{channels, 1}, t.offset(), nullptr));
}

/// A fresh (rows, C) result as the (N, C, H, W) tensor of `like`'s sizes, channels last.
Tensor fromChannelsLastRows(const Tensor& rows, const Tensor& like)
{
    const IntList strides = stridesInFormat(like.sizes(), MemoryFormat::ChannelsLast);
    return Tensor(std::make_shared<TensorImpl>(rows.impl()->storage(), rows.dtype(), like.sizes(), strides, 0,
                                               nullptr));
}

/// Every dim but the channels' (dim 1).
IntList nonChannelDims(const Tensor& t)
{
    IntList dims{0};
    for (int64_t d = 2; d < t.dim(); ++d)
        dims.push_back(d);
    return dims;
}

/// The element offsets of channel 0 of each operand (all of one shape), in the order
/// TensorIterator visits a channel's elements: declare_static_shape with dim 1 squashed,
/// the dims ordered by the operands' strides (Note [Batch norm over strided inputs]).
template <size_t N>
std::vector<std::array<int64_t, N>> channelVisitOrder(const std::array<const Tensor*, N>& operands)
{
    IntList shape = operands[0]->sizes();
    shape[1] = 1;
    std::vector<IntList> strides;
    for (const Tensor* t : operands)
        strides.push_back(t->strides());
    const std::vector<size_t> order = iteratorDimOrder(shape, strides);
    std::vector<std::array<int64_t, N>> offsets;
    offsets.reserve(size_t(computeNumel(shape)));
    IntList counter(shape.size(), 0);
    std::array<int64_t, N> at{};
    if (computeNumel(shape) == 0)
        return offsets;
    while (true) {
        offsets.push_back(at);
        size_t k = 0;
        for (; k < order.size(); ++k) {
            const size_t d = order[k];
            if (++counter[d] < shape[d]) {
                for (size_t i = 0; i < N; ++i)
                    at[i] += strides[i][d];
                break;
            }
            for (size_t i = 0; i < N; ++i)
                at[i] -= strides[i][d] * (shape[d] - 1);
            counter[d] = 0;
        }
        if (k == order.size())
            return offsets;
    }
}

/// Training statistics of a strided input (Note [Batch norm over strided inputs]).
template <typename T>
void stridedStatistics(const Tensor& x, const Layout& l, const Tensor& runningMean, const Tensor& runningVar,
                       double momentum, double eps, T* mean, T* invstd)
{
    const Tensor means = quietly([&] { return ops::mean(x, nonChannelDims(x), false); });
    const auto offsets = channelVisitOrder<1>({&x});
    const int64_t n = l.count();
    const T* data = x.data<T>();
    for (int64_t c = 0; c < l.channels; ++c) {
        const T* channel = data + c * x.strides()[1];
        const double m = double(means.data<T>()[c]);
        double varSum = 0;
        for (const auto& o : offsets) {
            const double d = double(channel[o[0]]) - m;
            varSum += d * d;
        }
        mean[c] = T(m);
        invstd[c] = T(1 / std::sqrt(varSum / double(n) + eps));
        if (runningMean.defined()) {
            T& r = runningMean.data<T>()[c];
            r = T(momentum * m + (1 - momentum) * double(r));
        }
        if (runningVar.defined()) {
            T& r = runningVar.data<T>()[c];
            r = T(momentum * (varSum / double(n - 1)) + (1 - momentum) * double(r));
        }
    }
}

/// ((x - mean) * invstd) * weight + bias into a contiguous output, unfused.
template <typename T>
void stridedNormalize(const Tensor& x, const Layout& l, const T* mean, const T* invstd, const Tensor& weight,
                      const Tensor& bias, Tensor& out)
{
    const auto offsets = channelVisitOrder<2>({&x, &out});
    for (int64_t c = 0; c < l.channels; ++c) {
        const T* in = x.data<T>() + c * x.strides()[1];
        T* y = out.data<T>() + c * out.strides()[1];
        const T m = mean[c], s = invstd[c], w = at<T>(weight, c, T(1)), b = at<T>(bias, c, T(0));
        for (const auto& o : offsets) {
            const T centered = in[o[0]] - m;
            const T scaled = centered * s;
            const T weighted = scaled * w;
            y[o[1]] = weighted + b;
        }
    }
}

/// The three gradients of a strided input or gradient (Note [Batch norm over strided inputs]).
template <typename T>
void stridedBackward(const Tensor& x, const Tensor& go, const Tensor& weight, const T* mean, const T* invstd,
                     bool training, Tensor& gradInput, Tensor& gradWeight, Tensor& gradBias)
{
    const Layout l = layoutOf(x);
    const Tensor sums = quietly([&] { return ops::sum(go, nonChannelDims(x), false); });
    const auto offsets = gradInput.defined() ? channelVisitOrder<3>({&x, &go, &gradInput})
                                             : std::vector<std::array<int64_t, 3>>{};
    const auto readOffsets = channelVisitOrder<2>({&x, &go});
    const T n = T(l.count());
    for (int64_t c = 0; c < l.channels; ++c) {
        const T* in = x.data<T>() + c * x.strides()[1];
        const T* dy = go.data<T>() + c * go.strides()[1];
        const T m = mean[c], s = invstd[c], w = at<T>(weight, c, T(1));
        const T sum = sums.data<T>()[c];
        double dotp = 0;
        for (const auto& o : readOffsets) {
            const T product = (in[o[0]] - m) * dy[o[1]];
            dotp += double(product);
        }
        if (gradInput.defined()) {
            T* dx = gradInput.data<T>() + c * gradInput.strides()[1];
            if (training) {
                const T k = T(dotp) * s * s / n;
                const T gradMean = sum / n;
                for (const auto& o : offsets) {
                    const T projected = (in[o[0]] - m) * k;
                    const T centered = dy[o[1]] - gradMean - projected;
                    const T scaled = centered * s;
                    dx[o[2]] = scaled * w;
                }
            } else {
                for (const auto& o : offsets) {
                    const T scaled = dy[o[1]] * s;
                    dx[o[2]] = scaled * w;
                }
            }
        }
        if (gradWeight.defined())
            gradWeight.data<T>()[c] = T(dotp * double(s));
        if (gradBias.defined())
            gradBias.data<T>()[c] = sum;
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

/// native_batch_norm_backward's CPU kernel: the gradients the output mask asks for (input,
/// weight, bias), from the saved batch statistics or, in evaluation, the running variance.
variable_list batchNormBackwardValues(const Tensor& gradOut, const Tensor& savedInput, const Tensor& w,
                                      const Tensor& runningVar, const Tensor& mean, const Tensor& invstd,
                                      bool training, double eps, std::array<bool, 3> mask)
{
    // See Note [Batch norm over strided inputs]: the kernels need the input
    // and the gradient dense in one and the same format.
    const bool strided = !takesBatchNormKernels(savedInput) || !takesBatchNormKernels(gradOut) ||
                         savedInput.isContiguous() != gradOut.isContiguous();
    // See Note [Batch norm of channels-last inputs].
    const bool rows = !strided && isChannelsLastRows(savedInput) && isChannelsLastRows(gradOut);
    const Tensor x = strided ? savedInput : rows ? channelsLastRows(savedInput) : kernel::dense(savedInput);
    const Tensor go = strided ? gradOut : rows ? channelsLastRows(gradOut) : kernel::dense(gradOut);
    const Layout l = layoutOf(x);
    Tensor gradInput, gradWeight, gradBias;
    if (mask[0])
        gradInput = kernel::newTensor(x.sizes(), x.dtype(), x.device());
    if (mask[1])
        gradWeight = kernel::newTensor({l.channels}, x.dtype(), x.device());
    if (mask[2])
        gradBias = kernel::newTensor({l.channels}, x.dtype(), x.device());
    AGV_DISPATCH_FLOATING(x.dtype(), "batch_norm_backward", [&] {
        using T = scalar_t;
        if (strided) {
            // Evaluation: 1 / std from the running variance, in double.
            std::vector<T> invstds(size_t(l.channels));
            for (int64_t c = 0; c < l.channels; ++c)
                invstds[size_t(c)] = training ? invstd.data<T>()[c]
                                              : T(1.0 / std::sqrt(double(runningVar.data<T>()[c]) + eps));
            stridedBackward<T>(x, go, w, mean.data<T>(), invstds.data(), training, gradInput,
                               gradWeight, gradBias);
            return;
        }
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
                    training ? s : T(1.0 / std::sqrt(double(runningVar.data<T>()[c]) + eps));
                const T count = T(l.count());
                const T k = dotp * s * s / count;
                const T gradMean = sum / count;
                const bool unfusedTail = sizeof(T) == 8 && c >= l.channels - l.channels % kLanes<T>;
                if (gradInput.defined())
                    for (int64_t b = 0; b < l.batch; ++b) {
                        const int64_t o = l.offset(b, c);
                        const T gv = go.data<T>()[o];
                        gradInput.data<T>()[o] =
                            !training     ? gv * invstd * weightValue
                            : unfusedTail ? (gv - gradMean - (x.data<T>()[o] - m) * k) * s * weightValue
                                          : std::fma(-(x.data<T>()[o] - m), k, gv - gradMean) * s * weightValue;
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
                training ? s : T(1.0 / std::sqrt(double(runningVar.data<T>()[c]) + eps));
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
    if (gradInput.defined())
        gradInput = rows ? fromChannelsLastRows(gradInput, savedInput) : laidOutAsSuggested(gradInput, savedInput);
    return variable_list{gradInput, gradWeight, gradBias};
}

/// native_batch_norm_backward as an op: under create_graph its gradients carry the node
/// NativeBatchNormBackwardBackward0, whose inputs are grad_out, input, weight, save_mean
/// and save_invstd (derivatives.yaml: input, weight, grad_out: batchnorm_double_backward).
variable_list nativeBatchNormBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight,
                                      const Tensor& runningMean, const Tensor& runningVar, const Tensor& saveMean,
                                      const Tensor& saveInvstd, bool training, double eps, std::array<bool, 3> mask)
{
    OpRecorder rec("NativeBatchNormBackwardBackward0", {&gradOut, &input, &weight, &saveMean, &saveInvstd},
                   [training, eps](BackwardNode& n, const variable_list& g) {
                       auto incoming = [&g](size_t i) { return i < g.size() ? g[i] : Tensor(); };
                       // Unpacked in the generated apply()'s order.
                       const Tensor gradOut = n.saved(0), input = n.saved(1), weight = n.saved(2);
                       const Tensor runningMean = n.saved(3), runningVar = n.saved(4);
                       const Tensor saveMean = n.saved(5), saveInvstd = n.saved(6);
                       const NormDoubleBackward d =
                           batchNormDoubleBackward(input, weight, incoming(0), incoming(1), incoming(2), gradOut,
                                                   runningMean, runningVar, training, eps, saveMean, saveInvstd);
                       return variable_list{n.needsInputGrad(0) ? d.gradGradOutput : Tensor(),
                                            n.needsInputGrad(1) ? d.gradInput : Tensor(),
                                            n.needsInputGrad(2) ? d.gradWeight : Tensor(), Tensor(), Tensor()};
                   });
    if (rec.active()) {
        rec.attr("eps", eps);
        rec.save("grad_out", gradOut);
        rec.save("input", input);
        rec.save("weight", weight);
        rec.save("running_mean", runningMean);
        rec.save("running_var", runningVar);
        rec.save("save_mean", saveMean);
        rec.save("save_invstd", saveInvstd);
        rec.attr("train", training);
    }
    return rec.finish(quietly([&] {
        return batchNormBackwardValues(gradOut, input, weight, runningVar, saveMean, saveInvstd, training, eps, mask);
    }));
}

}  // namespace

Tensor batchNorm(const Tensor& inputIn, const Tensor& weight, const Tensor& bias, const Tensor& runningMean,
                 const Tensor& runningVar, bool training, double momentum, double eps)
{
    AGV_CHECK(inputIn.dim() >= 2, RuntimeError, "Expected 2D or higher input to batch_norm, got ", inputIn.dim(),
              "D");
    Layout l = layoutOf(inputIn);
    AGV_CHECK(training || (runningMean.defined() && runningVar.defined()), RuntimeError,
              "running_mean must be defined in evaluation mode");
    for (const Tensor* t : {&weight, &bias, &runningMean, &runningVar})
        AGV_CHECK(!t->defined() || t->numel() == l.channels, RuntimeError, "running_mean should contain ",
                  l.channels, " elements not ", t->numel());
    checkNoRequiresGrad(runningMean, "running_mean", "native_batch_norm");
    checkNoRequiresGrad(runningVar, "running_var", "native_batch_norm");
    // See Note [Batch norm over strided inputs].
    const bool strided = !takesBatchNormKernels(inputIn);
    // See Note [Batch norm of channels-last inputs].
    const bool rows = !strided && isChannelsLastRows(inputIn);
    const Tensor input = strided ? inputIn : rows ? channelsLastRows(inputIn) : kernel::dense(inputIn);
    l = layoutOf(input);
    Tensor out = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    Tensor saveMean = kernel::newTensor({l.channels}, input.dtype(), input.device());
    Tensor saveInvstd = kernel::newTensor({l.channels}, input.dtype(), input.device());
    AGV_DISPATCH_FLOATING(input.dtype(), "batch_norm", [&] {
        using T = scalar_t;
        std::vector<T> mean(size_t(l.channels)), invstd(size_t(l.channels));
        if (strided) {
            if (training)
                stridedStatistics<T>(input, l, runningMean, runningVar, momentum, eps, mean.data(), invstd.data());
            else
                statistics<T>(input, l, false, runningMean, runningVar, momentum, eps, mean.data(), invstd.data());
            stridedNormalize<T>(input, l, mean.data(), invstd.data(), weight, bias, out);
            std::copy(mean.begin(), mean.end(), saveMean.data<T>());
            std::copy(invstd.begin(), invstd.end(), saveInvstd.data<T>());
            return;
        }
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
    // The output is laid out as the input suggests (empty_like(input, suggest_memory_format)).
    out = rows ? fromChannelsLastRows(out, inputIn) : strided ? laidOutAsSuggested(out, inputIn) : out;

    OpRecorder rec("NativeBatchNormBackward0", {&inputIn, &weight, &bias},
                   [training, eps](BackwardNode& n, const variable_list& g) {
                       if (!g[0].defined())
                           return variable_list{Tensor(), Tensor(), Tensor()};
                       const Tensor input = n.saved(0), runningMean = n.saved(1), runningVar = n.saved(2);
                       const Tensor weight = n.saved(3), saveMean = n.saved(4), saveInvstd = n.saved(5);
                       return nativeBatchNormBackward(
                           g[0], input, weight, runningMean, runningVar, saveMean, saveInvstd, training, eps,
                           {n.needsInputGrad(0), n.needsInputGrad(1), n.needsInputGrad(2)});
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

// CTC loss after PyTorch 1.13's LossCTC.cpp (Graves et al. 2006, 0-based). The alpha and
// beta recursions keep its exact logsumexp sequence (max, exp of the differences, log,
// add back the max) so that losses and gradients match it to the last bit.

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/ops/ctc_loss.h"
#include "core/ops/kernels.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"

namespace agv::ops {

namespace {

constexpr const char* kCheckedFrom = "ctc_loss_cpu";

/// Where each batch element's target sequence starts, for both target layouts: 2-D
/// padded [N, S] or 1-D concatenated [sum(target_lengths)].
struct TargetLayout {
    std::vector<int64_t> batchOffsets;  // in elements of the targets' storage
    int64_t targetStride = 1;
    int64_t maxTargetLength = 0;
};

/// Labels of the targets as a flat view of their storage (int or long, as 1.13 reads them).
struct TargetLabels {
    Tensor targets;
    int64_t at(int64_t index) const
    {
        if (targets.dtype() == ScalarType::Int32)
            return targets.data<int32_t>()[index];
        return targets.data<int64_t>()[index];
    }
};

/// get_target_prime: the augmented target l' (blank, l1, blank, l2, ..., blank).
int64_t targetPrime(const TargetLabels& labels, int64_t offset, int64_t stride, int64_t idx, int64_t blank)
{
    return idx % 2 == 0 ? blank : labels.at(offset + stride * (idx / 2));
}

std::string argumentSuffix() { return std::string(" (while checking arguments for ") + kCheckedFrom + ")"; }

/// ctc_loss_cpu_template's argument checks, in its order; the target offsets they compute.
TargetLayout checkedLayout(const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                           const IntList& targetLengths, int64_t blank)
{
    const ScalarType targetType = targets.dtype() == ScalarType::Int64 ? ScalarType::Int64 : ScalarType::Int32;
    AGV_CHECK(targets.dtype() == targetType, RuntimeError,
              "Expected tensor for argument #2 'targets' to have scalar type ",
              targetType == ScalarType::Int64 ? "Long" : "Int", "; but got torch.",
              legacyTensorTypeName(targets.dtype()), " instead", argumentSuffix());
    AGV_CHECK(logProbs.dim() == 3, RuntimeError, "Expected 3-dimensional tensor, but got ", logProbs.dim(),
              "-dimensional tensor for argument #1 'log_probs'", argumentSuffix());
    AGV_CHECK(targets.dim() >= 1 && targets.dim() < 3, RuntimeError, "Expected 1 to 2 dimensions, but got ",
              targets.dim(), "-dimensional tensor for argument #2 'targets'", argumentSuffix());
    const int64_t batchSize = logProbs.sizes()[1];
    const int64_t numLabels = logProbs.sizes()[2];
    AGV_CHECK(0 <= blank && blank < numLabels, RuntimeError, "blank must be in label range");
    AGV_CHECK(int64_t(inputLengths.size()) == batchSize, RuntimeError, "input_lengths must be of size batch_size");
    AGV_CHECK(int64_t(targetLengths.size()) == batchSize, RuntimeError, "target_lengths must be of size batch_size");

    TargetLayout layout;
    layout.batchOffsets.resize(size_t(batchSize));
    auto checkSize = [&](int64_t expected) {
        AGV_CHECK(targets.sizes()[0] == expected, RuntimeError, "Expected tensor to have size ", expected,
                  " at dimension 0, but got size ", targets.sizes()[0], " for argument #2 'targets'", argumentSuffix());
    };
    if (targets.dim() == 1) {
        int64_t pos = 0;
        for (int64_t b = 0; b < batchSize; ++b) {
            layout.batchOffsets[size_t(b)] = pos * targets.strides()[0];
            pos += targetLengths[size_t(b)];
            layout.maxTargetLength = std::max(layout.maxTargetLength, targetLengths[size_t(b)]);
        }
        layout.targetStride = targets.strides()[0];
        checkSize(pos);
    } else {
        for (int64_t b = 0; b < batchSize; ++b) {
            layout.batchOffsets[size_t(b)] = b * targets.strides()[0];
            layout.maxTargetLength = std::max(layout.maxTargetLength, targetLengths[size_t(b)]);
        }
        layout.targetStride = targets.strides()[1];
        checkSize(batchSize);
        AGV_CHECK(targets.sizes()[1] >= layout.maxTargetLength, RuntimeError, "Expected tensor to have size at least ",
                  layout.maxTargetLength, " at dimension 1, but got size ", targets.sizes()[1],
                  " for argument #2 'targets'", argumentSuffix());
    }
    const int64_t maxInputLength = logProbs.sizes()[0];
    for (int64_t b = 0; b < batchSize; ++b)
        AGV_CHECK(inputLengths[size_t(b)] <= maxInputLength, RuntimeError,
                  "Expected input_lengths to have value at most ", maxInputLength, ", but got value ",
                  inputLengths[size_t(b)], argumentSuffix());
    return layout;
}

/// Reads a [T, N, C] tensor as [N][T][C] through its strides.
template <typename T>
struct TimeMajor {
    const T* data;
    int64_t timeStride, batchStride, labelStride;
    T at(int64_t b, int64_t t, int64_t c) const { return data[b * batchStride + t * timeStride + c * labelStride]; }
};

template <typename T>
TimeMajor<T> timeMajor(const Tensor& t)
{
    return {t.data<T>(), t.strides()[0], t.strides()[1], t.strides()[2]};
}

/// ctc_loss_cpu_template: alpha_t(s) = logsumexp(alpha_{t-1}(s), alpha_{t-1}(s-1),
/// alpha_{t-1}(s-2) when l'(s-2) != l'(s)) + log y_t(l'(s)), eq. (6)-(8).
std::pair<Tensor, Tensor> forwardValues(const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                                        const IntList& targetLengths, int64_t blank)
{
    std::pair<Tensor, Tensor> result;
    AGV_DISPATCH_FLOATING(logProbs.dtype(), kCheckedFrom, [&] {
        using T = scalar_t;
        const TargetLayout layout = checkedLayout(logProbs, targets, inputLengths, targetLengths, blank);
        constexpr T neginf = -std::numeric_limits<T>::infinity();
        const int64_t maxTime = logProbs.sizes()[0], batchSize = logProbs.sizes()[1];
        const int64_t states = 2 * layout.maxTargetLength + 1;
        Tensor logAlpha = kernel::newTensor({batchSize, maxTime, states}, logProbs.dtype(), logProbs.device());
        Tensor nll = kernel::newTensor({batchSize}, logProbs.dtype(), logProbs.device());
        const TimeMajor<T> lp = timeMajor<T>(logProbs);
        const TargetLabels labels{targets};
        T* alphaData = logAlpha.data<T>();
        T* nllData = nll.data<T>();
        for (int64_t b = 0; b < batchSize; ++b)
            for (int64_t s = 0; s < states; ++s)
                alphaData[b * maxTime * states + s] = neginf;
        for (int64_t b = 0; b < batchSize; ++b) {
            const int64_t inputLength = inputLengths[size_t(b)], targetLength = targetLengths[size_t(b)];
            const int64_t offset = layout.batchOffsets[size_t(b)], stride = layout.targetStride;
            T* alpha = alphaData + b * maxTime * states;
            auto prime = [&](int64_t s) { return targetPrime(labels, offset, stride, s, blank); };
            if (inputLength == 0) {
                // 1.13 reads before the batch element's rows here (an undefined value); this is
                // the likelihood later releases give: 1 for an empty target, else 0.
                nllData[b] = -(targetLength == 0 ? T(0) : neginf);
                continue;
            }
            alpha[0] = lp.at(b, 0, blank);
            if (targetLength > 0)
                alpha[1] = lp.at(b, 0, prime(1));
            for (int64_t t = 1; t < inputLength; ++t) {
                const T* previous = alpha + (t - 1) * states;
                for (int64_t s = 0; s < 2 * targetLength + 1; ++s) {
                    const int64_t current = prime(s);
                    const T la1 = previous[s];
                    T lamax = la1;
                    T la2 = neginf, la3 = neginf;
                    if (s > 0) {
                        la2 = previous[s - 1];
                        if (la2 > lamax)
                            lamax = la2;
                    }
                    if (s > 1 && prime(s - 2) != current) {
                        la3 = previous[s - 2];
                        if (la3 > lamax)
                            lamax = la3;
                    }
                    if (lamax == neginf)  // cannot do neginf - neginf
                        lamax = 0;
                    alpha[t * states + s] =
                        std::log(std::exp(la1 - lamax) + std::exp(la2 - lamax) + std::exp(la3 - lamax)) + lamax +
                        lp.at(b, t, current);
                }
            }
            const T* last = alpha + (inputLength - 1) * states;
            if (targetLength == 0) {
                // an empty target has no final label state to merge with the final blank
                nllData[b] = -last[0];
            } else {
                const T l1 = last[targetLength * 2], l2 = last[targetLength * 2 - 1];
                T m = std::max(l1, l2);
                m = m == neginf ? T(0) : m;
                nllData[b] = -(std::log(std::exp(l1 - m) + std::exp(l2 - m)) + m);
            }
        }
        result = {nll, logAlpha};
    });
    return result;
}

/// ctc_loss_backward_cpu_template: beta by eq. (10)-(11), alpha * beta collected per
/// label (eq. (16)) in log space, then (exp(lp) - exp(collected + nll - lp)) * grad.
Tensor backwardValues(const Tensor& gradOut, const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                      const IntList& targetLengths, const Tensor& negLogLikelihood, const Tensor& logAlpha,
                      int64_t blank, bool zeroInfinity)
{
    const int64_t maxTime = logProbs.sizes()[0], batchSize = logProbs.sizes()[1], numLabels = logProbs.sizes()[2];
    Tensor grad = kernel::newTensor(logProbs.sizes(), logProbs.dtype(), logProbs.device());
    AGV_DISPATCH_FLOATING(logProbs.dtype(), "ctc_loss_backward_cpu", [&] {
        using T = scalar_t;
        constexpr T neginf = -std::numeric_limits<T>::infinity();
        TargetLayout layout;
        layout.batchOffsets.resize(size_t(batchSize));
        if (targets.dim() == 1) {
            int64_t pos = 0;
            for (int64_t b = 0; b < batchSize; ++b) {
                layout.batchOffsets[size_t(b)] = pos * targets.strides()[0];
                pos += targetLengths[size_t(b)];
            }
            layout.targetStride = targets.strides()[0];
        } else {
            for (int64_t b = 0; b < batchSize; ++b)
                layout.batchOffsets[size_t(b)] = b * targets.strides()[0];
            layout.targetStride = targets.strides()[1];
        }
        const int64_t states = logAlpha.sizes()[2];
        const Tensor alphaContiguous = contiguous(logAlpha);
        const T* alphaData = alphaContiguous.data<T>();
        std::vector<T> betaData(size_t(batchSize * maxTime * states));
        const TimeMajor<T> lp = timeMajor<T>(logProbs);
        const TargetLabels labels{targets};
        // grad is [T, N, C] contiguous; it starts as the log of empty sums
        T* g = grad.data<T>();
        for (int64_t i = 0; i < grad.numel(); ++i)
            g[i] = neginf;
        auto gradAt = [&](int64_t b, int64_t t, int64_t c) -> T& { return g[(t * batchSize + b) * numLabels + c]; };
        const std::vector<int64_t> nllOffsets =
            kernel::elementOffsets(negLogLikelihood.sizes(), negLogLikelihood.strides());
        const std::vector<int64_t> gradOffsets = kernel::elementOffsets(gradOut.sizes(), gradOut.strides());
        for (int64_t b = 0; b < batchSize; ++b) {
            const T nll = negLogLikelihood.data<T>()[nllOffsets[size_t(b)]];
            if (zeroInfinity && nll == std::numeric_limits<T>::infinity()) {
                for (int64_t t = 0; t < maxTime; ++t)
                    for (int64_t c = 0; c < numLabels; ++c)
                        gradAt(b, t, c) = T(0);
                continue;
            }
            const int64_t inputLength = inputLengths[size_t(b)], targetLength = targetLengths[size_t(b)];
            const int64_t offset = layout.batchOffsets[size_t(b)], stride = layout.targetStride;
            const T* alpha = alphaData + b * maxTime * states;
            T* beta = betaData.data() + b * maxTime * states;
            auto prime = [&](int64_t s) { return targetPrime(labels, offset, stride, s, blank); };
            if (inputLength > 0) {
                const int64_t last = inputLength - 1;
                for (int64_t s = 0; s < states; ++s)
                    beta[last * states + s] = neginf;
                beta[last * states + 2 * targetLength] = lp.at(b, last, blank);
                gradAt(b, last, blank) =
                    alpha[last * states + 2 * targetLength] + beta[last * states + 2 * targetLength];
                if (targetLength > 0) {
                    const int64_t current = prime(2 * targetLength - 1);
                    beta[last * states + 2 * targetLength - 1] = lp.at(b, last, current);
                    // a blank and a non-blank: different labels, so no log-add is needed
                    gradAt(b, last, current) =
                        alpha[last * states + 2 * targetLength - 1] + beta[last * states + 2 * targetLength - 1];
                }
            }
            for (int64_t t = inputLength - 2; t >= 0; --t) {
                const T* next = beta + (t + 1) * states;
                for (int64_t s = 2 * targetLength; s >= 0; --s) {
                    const T lb1 = next[s];
                    T lbmax = lb1;
                    T lb2 = neginf, lb3 = neginf;
                    const int64_t current = prime(s);
                    if (s < 2 * targetLength) {
                        lb2 = next[s + 1];
                        if (lb2 > lbmax)
                            lbmax = lb2;
                    }
                    if (s < 2 * targetLength - 1 && prime(s + 2) != current) {
                        lb3 = next[s + 2];
                        if (lb3 > lbmax)
                            lbmax = lb3;
                    }
                    if (lbmax == neginf)
                        lbmax = 0;
                    beta[t * states + s] =
                        std::log(std::exp(lb1 - lbmax) + std::exp(lb2 - lbmax) + std::exp(lb3 - lbmax)) + lbmax +
                        lp.at(b, t, current);
                    const T logAlphaBeta = alpha[t * states + s] + beta[t * states + s];
                    T& lcab = gradAt(b, t, current);
                    if (lcab == neginf) {
                        lcab = logAlphaBeta;
                    } else {
                        const T max = std::max(lcab, logAlphaBeta);
                        lcab = std::log(std::exp(lcab - max) + std::exp(logAlphaBeta - max)) + max;
                    }
                }
            }
            const T gr = gradOut.data<T>()[gradOffsets[size_t(b)]];
            for (int64_t t = 0; t < inputLength; ++t)
                for (int64_t c = 0; c < numLabels; ++c) {
                    T& res = gradAt(b, t, c);
                    const T logProb = lp.at(b, t, c);
                    res = (std::exp(logProb) - std::exp(res + nll - logProb)) * gr;
                }
            for (int64_t t = inputLength; t < maxTime; ++t)
                for (int64_t c = 0; c < numLabels; ++c)
                    gradAt(b, t, c) = T(0);
        }
    });
    return grad;
}

IntList lengthValues(const Tensor& lengths)
{
    const Tensor asLong = contiguous(toDtype(lengths, ScalarType::Int64));
    const int64_t* data = asLong.data<int64_t>();
    return IntList(data, data + asLong.numel());
}

void checkIntegralLengths(const Tensor& inputLengths, const Tensor& targetLengths)
{
    AGV_CHECK(isIntegralType(inputLengths.dtype(), false), RuntimeError, "input_lengths must be integral");
    AGV_CHECK(isIntegralType(targetLengths.dtype(), false), RuntimeError, "target_lengths must be integral");
}

/// The lengths as the node keeps them: int[] for CtcLossBackward0, tensors for CtcLossBackward1.
struct SavedLengths {
    IntList input, target;
    Tensor inputTensor, targetTensor;
};

std::pair<Tensor, Tensor> recordedCtcLoss(const Tensor& logProbs, const Tensor& targets, const SavedLengths& lengths,
                                          int64_t blank, bool zeroInfinity)
{
    auto [nll, logAlpha] = forwardValues(logProbs, targets, lengths.input, lengths.target, blank);
    const bool tensorLengths = lengths.inputTensor.defined();
    const IntList inputLengths = lengths.input, targetLengths = lengths.target;
    OpRecorder rec(tensorLengths ? "CtcLossBackward1" : "CtcLossBackward0", {&logProbs},
                   [inputLengths, targetLengths, blank, zeroInfinity](BackwardNode& n, const variable_list& g) {
                       const Tensor saved0 = n.saved(0), saved1 = n.saved(1);
                       const Tensor result0 = n.saved(2), result1 = n.saved(3);
                       if (!g[0].defined())
                           return variable_list{Tensor()};
                       // derivatives.yaml: log_probs: _ctc_loss_backward(grad, log_probs, targets,
                       // input_lengths, target_lengths, result0, result1, blank, zero_infinity)
                       return variable_list{ctcLossBackward(g[0], saved0, saved1, inputLengths, targetLengths,
                                                            result0, result1, blank, zeroInfinity)};
                   });
    rec.attr("blank", blank);
    if (!tensorLengths) {
        rec.attr("input_lengths", inputLengths);
        rec.attr("target_lengths", targetLengths);
    }
    rec.attr("zero_infinity", zeroInfinity);
    rec.save("log_probs", logProbs);
    rec.save("targets", targets);
    const TensorList outs = rec.finish(TensorList{nll, logAlpha});
    if (rec.active()) {
        rec.node()->save("result0", outs[0], /*isOutput=*/true);
        rec.node()->save("result1", outs[1], /*isOutput=*/true);
        if (tensorLengths) {
            rec.node()->save("input_lengths", lengths.inputTensor);
            rec.node()->save("target_lengths", lengths.targetTensor);
        }
    }
    return {outs[0], outs[1]};
}

template <typename Lengths>
Tensor ctcLossComposite(const Tensor& logProbsIn, const Tensor& targets, const Lengths& inputLengths,
                        const Lengths& targetLengths, const IntList& targetLengthValues, int64_t blank,
                        Reduction reduction, bool zeroInfinity)
{
    const bool batched = logProbsIn.dim() == 3;
    const Tensor logProbs = batched ? logProbsIn : unsqueeze(logProbsIn, 1);
    Tensor res = ctcLossWithAlpha(logProbs, toDtype(targets, ScalarType::Int64), inputLengths, targetLengths, blank,
                                  zeroInfinity)
                     .first;
    if (zeroInfinity)
        res = where(compare(res, Scalar(std::numeric_limits<double>::infinity()), CompareOp::Eq),
                    zeros({}, res.dtype(), res.device()), res);
    if (reduction == Reduction::Mean) {
        // at::tensor(target_lengths, res.options()).clamp_min(1)
        std::vector<double> values(targetLengthValues.begin(), targetLengthValues.end());
        const Tensor divisor = clamp(fromValues({int64_t(values.size())}, values, res.dtype(), res.device()),
                                     Scalar(int64_t(1)), std::nullopt);
        return mean(div(res, divisor));
    }
    if (reduction == Reduction::Sum)
        return sum(res);
    return batched ? res : squeeze(res, 0);
}

}  // namespace

std::pair<Tensor, Tensor> ctcLossWithAlpha(const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                                           const IntList& targetLengths, int64_t blank, bool zeroInfinity)
{
    return recordedCtcLoss(logProbs, targets, SavedLengths{inputLengths, targetLengths, {}, {}}, blank, zeroInfinity);
}

std::pair<Tensor, Tensor> ctcLossWithAlpha(const Tensor& logProbs, const Tensor& targets, const Tensor& inputLengths,
                                           const Tensor& targetLengths, int64_t blank, bool zeroInfinity)
{
    checkIntegralLengths(inputLengths, targetLengths);
    return recordedCtcLoss(logProbs, targets,
                           SavedLengths{lengthValues(inputLengths), lengthValues(targetLengths), inputLengths,
                                        targetLengths},
                           blank, zeroInfinity);
}

Tensor ctcLossBackward(const Tensor& grad, const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                       const IntList& targetLengths, const Tensor& negLogLikelihood, const Tensor& logAlpha,
                       int64_t blank, bool zeroInfinity)
{
    // derivatives.yaml has no entry for _ctc_loss_backward: see Note [NotImplemented nodes].
    OpRecorder rec =
        notImplementedRecorder("_ctc_loss_backward", {&grad, &logProbs, &targets, &negLogLikelihood, &logAlpha});
    Tensor gradInput;
    {
        GradModeGuard noGrad(false);  // the kernel's own contiguous() is no part of the graph
        gradInput = backwardValues(grad, logProbs, targets, inputLengths, targetLengths, negLogLikelihood, logAlpha,
                                   blank, zeroInfinity);
    }
    return rec.finish(gradInput);
}

Tensor ctcLoss(const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
               const IntList& targetLengths, int64_t blank, Reduction reduction, bool zeroInfinity)
{
    return ctcLossComposite(logProbs, targets, inputLengths, targetLengths, targetLengths, blank, reduction,
                            zeroInfinity);
}

Tensor ctcLoss(const Tensor& logProbs, const Tensor& targets, const Tensor& inputLengths,
               const Tensor& targetLengths, int64_t blank, Reduction reduction, bool zeroInfinity)
{
    // 1.13 reads tensor lengths into int lists and takes the int[] path (CtcLossBackward0).
    checkIntegralLengths(inputLengths, targetLengths);
    const IntList input = lengthValues(inputLengths), target = lengthValues(targetLengths);
    return ctcLossComposite(logProbs, targets, input, target, target, blank, reduction, zeroInfinity);
}

}  // namespace agv::ops

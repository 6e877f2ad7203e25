// nll_loss after PyTorch 1.13's LossNLL.cpp / LossNLL2d.cpp: one frame for both kernels,
// the input read as [batch, classes, positions] (one position unless spatial). The
// reduced loss is nll_loss_out_frame's cascade sum, which fixes its rounding; the
// gradient is written by nll_loss_backward_out_frame's formulas so its bits match too.

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "core/ops/integer_arithmetic.h"
#include "core/ops/dispatch_bfloat16.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/nll_loss.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

constexpr int64_t kDefaultIgnoreIndex = -100;

/// The input as [batch, classes, positions]; spatial: a [N, C, H, W] input (nll_loss2d).
struct NllLayout {
    int64_t batch = 1;
    int64_t classes = 0;
    int64_t positions = 1;
    bool spatial = false;
    /// reduction='none' keeps one loss per target element (a 1-D input gives a scalar).
    IntList unreducedSizes;
};

struct NllOptions {
    Tensor weight;
    Reduction reduction = Reduction::Mean;
    int64_t ignoreIndex = kDefaultIgnoreIndex;
};

using ClassList = std::shared_ptr<const std::vector<int64_t>>;

const char* nodeName(bool spatial) { return spatial ? "NllLoss2DBackward0" : "NllLossBackward0"; }
const char* doubleBackwardNodeName(bool spatial)
{
    return spatial ? "NllLoss2DBackwardBackward0" : "NllLossBackwardBackward0";
}

bool keepsBatch(const NllLayout& layout, Reduction reduction)
{
    return reduction == Reduction::None && !layout.unreducedSizes.empty();
}

NllLayout layoutOf(const Tensor& input, const Tensor& target, bool spatial)
{
    NllLayout layout;
    layout.spatial = spatial;
    const IntList& s = input.sizes();
    if (spatial) {
        layout.batch = s[0];
        layout.classes = s[1];
        layout.positions = s[2] * s[3];
        layout.unreducedSizes = target.sizes();
    } else if (input.dim() == 1) {
        layout.classes = s[0];
    } else {
        layout.batch = s[0];
        layout.classes = s[1];
        layout.unreducedSizes = {s[0]};
    }
    return layout;
}

/// The class of each target element, in (batch, position) order.
ClassList targetClasses(const Tensor& target)
{
    AGV_CHECK(target.dtype() == ScalarType::Int64, RuntimeError, "expected scalar type Long but found ",
              legacyDtypeShortName(target.dtype()));
    auto classes = std::make_shared<std::vector<int64_t>>();
    const int64_t* data = target.data<int64_t>();
    for (int64_t offset : kernel::elementOffsets(target.sizes(), target.strides()))
        classes->push_back(data[offset]);
    return classes;
}

template <typename T>
std::vector<T> weightValues(const Tensor& weight, ScalarType type)
{
    std::vector<T> values;
    if (!weight.defined())
        return values;
    AGV_CHECK(weight.dtype() == type, RuntimeError, "expected scalar type ", legacyDtypeShortName(type),
              " but found ", legacyDtypeShortName(weight.dtype()));
    const T* data = weight.data<T>();
    for (int64_t offset : kernel::elementOffsets(weight.sizes(), weight.strides()))
        values.push_back(data[offset]);
    return values;
}

void checkTarget(int64_t target, int64_t classes)
{
    AGV_CHECK(target >= 0 && target < classes, IndexError, "Target ", target, " is out of bounds.");
}

/// nll_loss_out_frame / nll_loss2d_forward_out_frame: the loss and total_weight.
std::pair<Tensor, Tensor> forwardValues(const Tensor& input, const std::vector<int64_t>& classOf,
                                        const NllLayout& layout, const NllOptions& options)
{
    const bool perElement = keepsBatch(layout, options.reduction);
    Tensor out = kernel::newTensor(perElement ? layout.unreducedSizes : IntList{}, input.dtype(), input.device());
    Tensor totalWeight = kernel::newTensor({}, input.dtype(), input.device());
    const char* frame = layout.spatial ? "nll_loss2d_forward_out_frame" : "nll_loss_out_frame";
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), frame, [&] {
        using T = scalar_t;
        const std::vector<T> w = weightValues<T>(options.weight, input.dtype());
        const T* x = input.data<T>();
        const std::vector<int64_t> offsets = kernel::elementOffsets(input.sizes(), input.strides());
        const int64_t positions = layout.positions, classes = layout.classes;
        auto valueAt = [&](int64_t i, int64_t c) {
            const int64_t b = i / positions, p = i % positions;
            return x[offsets[size_t((b * classes + c) * positions + p)]];
        };
        T* o = out.data<T>();
        T* total = totalWeight.data<T>();
        *total = T(0);
        const int64_t count = int64_t(classOf.size());
        if (perElement) {
            for (int64_t i = 0; i < count; ++i) {
                const int64_t c = classOf[size_t(i)];
                if (c == options.ignoreIndex) {
                    o[i] = T(0);
                    continue;
                }
                checkTarget(c, classes);
                o[i] = -valueAt(i, c) * (w.empty() ? T(1) : w[size_t(c)]);
            }
            return;
        }
        if (count == 0) {  // mean of nothing is NaN (pytorch#64572)
            *o = options.reduction == Reduction::Mean ? T(NAN) : T(0);
            return;
        }
        // The cascade: level 0 collects each term, and after element i level j folds
        // into level j + 1 unless i has a bit set under level j's mask.
        constexpr int kLevels = 8;
        const int64_t levelPower = std::max<int64_t>(4, ceilLog2(count) / kLevels);
        const int64_t levelMask = (int64_t(1) << levelPower) - 1;
        std::array<T, kLevels> lossPartial{}, weightPartial{};
        int64_t ignored = 0;
        for (int64_t i = 0; i < count; ++i) {
            const int64_t c = classOf[size_t(i)];
            if (c == options.ignoreIndex) {
                ++ignored;
                continue;
            }
            checkTarget(c, classes);
            const T value = valueAt(i, c);
            if (!w.empty()) {
                lossPartial[0] -= value * w[size_t(c)];
                weightPartial[0] += w[size_t(c)];
            } else {
                lossPartial[0] -= value;
            }
            for (int j = 0; j + 1 < kLevels; ++j) {
                if ((i & (levelMask << (j * levelPower))) != 0)
                    break;
                lossPartial[size_t(j + 1)] += lossPartial[size_t(j)];
                weightPartial[size_t(j + 1)] += weightPartial[size_t(j)];
                lossPartial[size_t(j)] = T(0);
                weightPartial[size_t(j)] = T(0);
            }
        }
        T weightSum = T(0), lossSum = T(0);
        for (int j = 0; j < kLevels; ++j) {
            weightSum += weightPartial[size_t(j)];
            lossSum += lossPartial[size_t(j)];
        }
        *total = w.empty() ? T(count - ignored) : weightSum;
        *o = options.reduction == Reduction::Mean ? T(lossSum / *total) : lossSum;
    });
    return {out, totalWeight};
}

Tensor forward(const Tensor& input, const Tensor& target, const NllLayout& layout, const NllOptions& options);

/// nll_loss_backward / nll_loss2d_backward: -weight[target] * grad at each element's
/// target class (grad / total_weight for a mean), zero elsewhere. Its own node
/// (NllLossBackwardBackward0) takes the gradient back to grad_output as an nll_loss.
Tensor backward(const Tensor& grad, const Tensor& self, const Tensor& target, const ClassList& classOf,
                const Tensor& totalWeight, const NllLayout& layout, const NllOptions& options)
{
    // nll_loss2d_backward's grad_input is zeros_like(self) (MemoryFormat::Preserve), which it
    // then requires to be contiguous: a channels-last input's backward is refused.
    Tensor gradInput = kernel::newStridedTensor(
        self.sizes(), layout.spatial ? preservedStrides(self) : contiguousStrides(self.sizes()), self.dtype(),
        self.device());
    AGV_CHECK(gradInput.isContiguous(), RuntimeError, "grad_input must be contiguous");
    std::memset(gradInput.rawData(), 0, gradInput.nbytes());
    const char* frame = layout.spatial ? "nll_loss2d_backward_out_frame" : "nll_loss_backward_out_frame";
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(self.dtype(), frame, [&] {
        using T = scalar_t;
        AGV_CHECK(grad.dtype() == self.dtype(), RuntimeError, "expected scalar type ",
                  legacyDtypeShortName(self.dtype()), " but found ", legacyDtypeShortName(grad.dtype()));
        const std::vector<T> w = weightValues<T>(options.weight, self.dtype());
        const T* g = grad.data<T>();
        const std::vector<int64_t> gradOffsets = kernel::elementOffsets(grad.sizes(), grad.strides());
        T* out = gradInput.data<T>();
        const int64_t positions = layout.positions, classes = layout.classes;
        const bool perElement = keepsBatch(layout, options.reduction);
        T scaled = T(0);
        if (!perElement) {
            const T value = g[gradOffsets[0]];
            scaled = -(options.reduction == Reduction::Mean ? T(value / *totalWeight.data<T>()) : value);
        }
        for (size_t i = 0; i < classOf->size(); ++i) {
            const int64_t c = (*classOf)[i];
            if (c == options.ignoreIndex)
                continue;
            const int64_t b = int64_t(i) / positions, p = int64_t(i) % positions;
            T& slot = out[(b * classes + c) * positions + p];
            if (perElement)
                slot = -(w.empty() ? T(1) : w[size_t(c)]) * g[gradOffsets[i]];
            else
                slot = w.empty() ? scaled : T(w[size_t(c)] * scaled);
        }
    });
    const NllLayout layoutCopy = layout;
    const NllOptions optionsCopy = options;
    OpRecorder rec(doubleBackwardNodeName(layout.spatial), {&grad, &self},
                   [layoutCopy, optionsCopy](BackwardNode& n, const variable_list& g) {
                       // derivatives.yaml: grad_output: nll_loss(grad, ...), self: zeros_like(grad)
                       NllOptions o = optionsCopy;
                       o.weight = n.saved(1);
                       return variable_list{n.needsInputGrad(0) ? forward(g[0], n.saved(0), layoutCopy, o) : Tensor(),
                                            n.needsInputGrad(1) ? zerosLike(g[0]) : Tensor()};
                   });
    rec.attr("ignore_index", UnsignedAttr{options.ignoreIndex});
    rec.attr("reduction", reductionNumber(options.reduction));
    rec.save("target", target);
    rec.save("weight", options.weight);
    return rec.finish(gradInput);
}

/// nll_loss_forward / nll_loss2d_forward on an input of the layout's rank.
Tensor forward(const Tensor& input, const Tensor& target, const NllLayout& layout, const NllOptions& options)
{
    // nll_loss_out_frame reads the weight before the target
    AGV_CHECK(!options.weight.defined() || options.weight.dtype() == input.dtype(), RuntimeError,
              "expected scalar type ", legacyDtypeShortName(input.dtype()), " but found ",
              legacyDtypeShortName(options.weight.dtype()));
    const ClassList classOf = targetClasses(target);
    auto [out, totalWeight] = forwardValues(input, *classOf, layout, options);
    OpRecorder rec(nodeName(layout.spatial), {&input},
                   [layout, options, classOf](BackwardNode& n, const variable_list& g) {
                       NllOptions o = options;
                       // Unpacked in order, as the generated apply() does: the first stale one is reported.
                       const Tensor saved0 = n.saved(0);
                       const Tensor saved1 = n.saved(1);
                       o.weight = n.saved(2);
                       const Tensor saved3 = n.saved(3);
                       return variable_list{backward(g[0], saved0, saved1, classOf, saved3, layout, o)};
                   });
    rec.attr("ignore_index", UnsignedAttr{options.ignoreIndex});
    rec.attr("reduction", reductionNumber(options.reduction));
    rec.save("self", input);
    rec.save("target", target);
    rec.save("weight", options.weight);
    rec.save("total_weight", totalWeight);
    rec.forward([&target, &layout, &options](const InputTangents& t, const Tensor&) {
        return forward(t[0], target, layout, options);
    });
    return rec.finish(out);
}

void checkWeightNeedsNoGrad(const Tensor& weight, bool spatial)
{
    checkNoRequiresGrad(weight, "weight", spatial ? "nll_loss2d_forward" : "nll_loss_forward");
}

/// at::nll_loss: 1-D or 2-D input (TORCH_META_FUNC(nll_loss_forward)'s checks).
Tensor nllLoss1d2d(const Tensor& input, const Tensor& target, const NllOptions& options)
{
    checkWeightNeedsNoGrad(options.weight, false);
    gradientEdgeFirst(input);  // then nll_loss_forward's kernel checks
    AGV_CHECK(target.dim() <= 1, RuntimeError, "0D or 1D target tensor expected, multi-target not supported");
    const bool noBatch = input.dim() == 1 && target.dim() == 0;
    AGV_CHECK(noBatch || input.sizes()[0] == target.sizes()[0], RuntimeError, "size mismatch (got input: ",
              sizesToString(input.sizes()), ", target: ", sizesToString(target.sizes()), ")");
    const int64_t classes = input.sizes().back();
    const Tensor& weight = options.weight;
    AGV_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == classes), RuntimeError,
              "weight tensor should be defined either for all ", classes,
              " classes or no classes but got weight tensor of shape: ", sizesToString(weight.sizes()));
    return forward(input, target, layoutOf(input, target, false), options);
}

/// at::nll_loss2d: [N, C, H, W] input, [N, H, W] target (check_inputs_nll_loss2d).
Tensor nllLoss2d(const Tensor& input, const Tensor& target, const NllOptions& options)
{
    checkWeightNeedsNoGrad(options.weight, true);
    AGV_CHECK(target.dim() == 3, RuntimeError,
              "only batches of spatial targets supported (3D tensors) but got targets of dimension: ", target.dim());
    AGV_CHECK(input.dim() == 4, RuntimeError,
              "only batches of spatial inputs supported (4D tensors), but got input of dimension: ", input.dim());
    AGV_CHECK(!options.weight.defined() || options.weight.numel() == input.sizes()[1], RuntimeError,
              "weight tensor should be defined either for all or no classes");
    const IntList& in = input.sizes();
    const IntList& t = target.sizes();
    AGV_CHECK(in[0] == t[0] && in[2] == t[1] && in[3] == t[2], RuntimeError, "size mismatch (got input: ",
              sizesToString(in), " , target: ", sizesToString(t));
    return forward(input, target, layoutOf(input, target, true), options);
}

}  // namespace

Tensor nllLoss(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
               int64_t ignoreIndex)
{
    AGV_CHECK(input.dim() >= 1, ValueError, "Expected 1 or more dimensions (got ", input.dim(), ")");
    AGV_CHECK(input.dim() == 1 || input.sizes()[0] == (target.dim() ? target.sizes()[0] : 1), ValueError,
              "Expected input batch_size (", input.sizes()[0], ") to match target batch_size (",
              target.dim() ? target.sizes()[0] : 1, ").");
    const NllOptions options{weight, reduction, ignoreIndex};
    if (input.dim() <= 2)
        return nllLoss1d2d(input, target, options);
    if (input.dim() == 4)
        return nllLoss2d(input, target, options);
    // nll_loss_nd: any other rank goes through nll_loss2d as [N, C, 1, positions].
    const int64_t n = input.sizes()[0], c = input.sizes()[1];
    IntList outSizes(input.sizes().begin() + 2, input.sizes().end());
    outSizes.insert(outSizes.begin(), n);
    const IntList targetTail(target.sizes().begin() + std::min<int64_t>(1, target.dim()), target.sizes().end());
    const IntList inputTail(input.sizes().begin() + 2, input.sizes().end());
    AGV_CHECK(targetTail == inputTail, RuntimeError, "Expected target size ", sizesToString(outSizes), ", got ",
              sizesToString(target.sizes()));
    const bool empty = input.numel() == 0;
    const Tensor flatInput = view(contiguous(input), empty ? IntList{n, c, 0, 0} : IntList{n, c, 1, -1});
    const Tensor flatTarget =
        view(contiguous(target), target.numel() == 0 ? IntList{n, 0, 0} : IntList{n, 1, -1});
    Tensor loss = nllLoss2d(flatInput, flatTarget, options);
    return reduction == Reduction::None ? view(loss, outSizes) : loss;
}

Tensor nllLoss(const Tensor& logProbs, const Tensor& target, Reduction reduction)
{
    return nllLoss(logProbs, target, Tensor(), reduction, kDefaultIgnoreIndex);
}

}  // namespace agv::ops

// torch.nn.functional ops, decomposed as PyTorch 1.13 decomposes them on the CPU so
// that the graph shows the same nodes: linear is addmm / mm / matmul (+ add_),
// dropout is a multiplication by a scaled Bernoulli mask, cross_entropy is
// log_softmax followed by nll_loss.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/autograd/grad_mode.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/random/generator.h"
#include "core/tensor/number_format.h"
#include "core/trace/sink.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

std::string torchSize(const IntList& sizes)
{
    std::string s = "torch.Size([";
    for (size_t i = 0; i < sizes.size(); ++i)
        s += (i ? ", " : "") + std::to_string(sizes[i]);
    return s + "])";
}

constexpr int64_t kIgnoreIndex = -100;


}  // namespace

int64_t reductionNumber(Reduction r)
{
    switch (r) {
    case Reduction::None: return 0;
    case Reduction::Mean: return 1;
    case Reduction::Sum: return 2;
    }
    return 1;
}

Tensor applyLossReduction(const Tensor& loss, Reduction reduction)
{
    switch (reduction) {
    case Reduction::None: return loss;
    case Reduction::Mean: return mean(loss);
    case Reduction::Sum: return sum(loss);
    }
    return loss;
}

Reduction parseReduction(const std::string& name)
{
    if (name == "none")
        return Reduction::None;
    if (name == "mean")
        return Reduction::Mean;
    if (name == "sum")
        return Reduction::Sum;
    AGV_RAISE(ValueError, name, " is not a valid value for reduction");
}

Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias)
{
    if (input.dim() == 2 && bias.defined())
        return addmm(bias, input, t(weight));
    if (bias.defined() && input.isContiguous() && input.dim() == 3) {
        // PyTorch's _flatten_3d_linear: fold the batch into addmm's rows.
        const IntList& s = input.sizes();
        Tensor out = addmm(bias, view(input, {s[0] * s[1], s[2]}), t(weight));
        return view(out, {s[0], s[1], out.sizes()[1]});
    }
    Tensor out = matmul(input, t(weight));
    if (bias.defined())
        addInplace(out, bias);
    return out;
}

Tensor dropout(const Tensor& input, double p, bool train)
{
    AGV_CHECK(p >= 0.0 && p <= 1.0, ValueError, "dropout probability has to be between 0 and 1, but got ",
              pyFloatRepr(p));
    if (p == 0.0 || !train || input.numel() == 0)
        return input;
    Tensor noise = kernel::newTensor({}, input.dtype(), input.device());
    if (p == 1.0) {
        std::memset(noise.rawData(), 0, noise.nbytes());
        announceTensor(noise);
        return mul(input, noise);
    }
    noise = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    Generator& gen = defaultGenerator();
    AGV_DISPATCH_FLOATING(input.dtype(), "dropout", [&] {
        using T = scalar_t;
        // bernoulli_(1 - p) then div_(1 - p), both in the tensor's dtype
        const T kept = T(1) / T(1.0 - p);
        T* data = noise.data<T>();
        for (int64_t i = 0; i < noise.numel(); ++i)
            data[i] = gen.bernoulli(1.0 - p) ? kept : T(0);
    });
    announceTensor(noise);
    return mul(input, noise);
}

Tensor mseLoss(const Tensor& inputIn, const Tensor& targetIn, Reduction reduction)
{
    Tensor input = inputIn, target = targetIn;
    if (input.sizes() != target.sizes()) {
        warn("UserWarning", "Using a target size (" + torchSize(target.sizes()) +
                                ") that is different to the input size (" + torchSize(input.sizes()) +
                                "). This will likely lead to incorrect results due to broadcasting. Please ensure "
                                "they have the same size.");
        // torch.broadcast_tensors: only the operands whose shape changes get expanded.
        const IntList shape = broadcastShapes(input.sizes(), target.sizes());
        if (input.sizes() != shape)
            input = expand(input, shape);
        if (target.sizes() != shape)
            target = expand(target, shape);
    }
    const ScalarType type = promoteTypes(input.dtype(), target.dtype());
    AGV_CHECK(isFloatingType(type), RuntimeError, "\"mse_cpu\" not implemented for '", legacyDtypeShortName(type),
              "'");
    Tensor out;
    {
        // The pointwise kernel and the reduction of mse_loss are one op in PyTorch.
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        Tensor x = kernel::convert(input, type), y = kernel::convert(target, type);
        Tensor diff = AGV_DISPATCH_FLOATING(type, "mse_cpu", [&] {
            using T = scalar_t;
            return kernel::mapBinary<T, T>(x, y, input.sizes(), type, [](T a, T b) { return T((a - b) * (a - b)); });
        });
        out = applyLossReduction(diff, reduction);
    }
    const int64_t numel = input.numel();
    OpRecorder rec("MseLossBackward0", {&input, &target}, [reduction, numel](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), tgt = n.saved(1);
        // mse_loss_backward: norm * (self - target) * grad, norm = 2 (/ numel for mean)
        const double norm = reduction == Reduction::Mean ? 2.0 / double(numel) : 2.0;
        Tensor gradSelf = mul(mul(sub(self, tgt), norm), g[0]);
        return variable_list{needs(n, 0) ? gradSelf : Tensor(), needs(n, 1) ? neg(gradSelf) : Tensor()};
    });
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", target);
    // apply_loss_reduction(mse_loss_backward(self_t, self, target) + mse_loss_backward(target_t, target, self)),
    // each (a - b) * 2 * tangent
    rec.forward([&input, &target, reduction](const InputTangents& t, const Tensor&) {
        Tensor selfPart = mul(mul(sub(input, target), 2.0), t[0]);
        Tensor targetPart = mul(mul(sub(target, input), 2.0), t[1]);
        return applyLossReduction(add(selfPart, targetPart), reduction);
    });
    return rec.finish(out);
}

Tensor nllLoss(const Tensor& input, const Tensor& target, Reduction reduction)
{
    AGV_CHECK(input.dim() >= 1, ValueError, "Expected 1 or more dimensions (got ", input.dim(), ")");
    AGV_CHECK(input.dim() == 1 || target.dim() == 0 || input.sizes()[0] == target.sizes()[0], ValueError,
              "Expected input batch_size (", input.sizes()[0], ") to match target batch_size (",
              target.dim() ? target.sizes()[0] : 1, ").");
    AGV_CHECK(input.dim() <= 2, NotImplementedError,
              "nll_loss: inputs with more than 2 dimensions (nll_loss2d) are not supported yet");
    AGV_CHECK(target.dim() <= 1, RuntimeError, "0D or 1D target tensor expected, multi-target not supported");
    const bool noBatch = input.dim() == 1 && target.dim() == 0;
    AGV_CHECK(noBatch || input.sizes()[0] == target.sizes()[0], RuntimeError, "size mismatch (got input: ",
              sizesToString(input.sizes()), ", target: ", sizesToString(target.sizes()), ")");
    AGV_CHECK(target.dtype() == ScalarType::Int64, RuntimeError, "expected scalar type Long but found ",
              legacyDtypeShortName(target.dtype()));
    AGV_CHECK(isFloatingType(input.dtype()), RuntimeError, "\"nll_loss_out_frame\" not implemented for '",
              legacyDtypeShortName(input.dtype()), "'");

    const int64_t batch = input.dim() == 1 ? 1 : input.sizes()[0];
    const int64_t classes = input.sizes().back();
    const int64_t rowStride = input.dim() == 1 ? 0 : input.strides()[0];
    const int64_t colStride = input.strides().back();
    const std::vector<int64_t> targetOffsets = kernel::elementOffsets(target.sizes(), target.strides());
    std::vector<int64_t> classOf(static_cast<size_t>(batch));
    int64_t counted = 0;
    for (int64_t i = 0; i < batch; ++i) {
        const int64_t c = target.data<int64_t>()[targetOffsets[size_t(i)]];
        classOf[size_t(i)] = c;
        if (c == kIgnoreIndex)
            continue;
        AGV_CHECK(c >= 0 && c < classes, IndexError, "Target ", c, " is out of bounds.");
        ++counted;
    }

    const IntList outSizes = reduction == Reduction::None && input.dim() == 2 ? IntList{batch} : IntList{};
    Tensor out = kernel::newTensor(outSizes, input.dtype(), input.device());
    Tensor totalWeight = kernel::newTensor({}, input.dtype(), input.device());
    AGV_DISPATCH_FLOATING(input.dtype(), "nll_loss_out_frame", [&] {
        using T = scalar_t;
        const T* x = input.data<T>();
        T* o = out.data<T>();
        *totalWeight.data<T>() = T(counted);
        if (reduction == Reduction::None) {
            for (int64_t i = 0; i < batch; ++i) {
                const int64_t c = classOf[size_t(i)];
                o[i] = c == kIgnoreIndex ? T(0) : T(-x[i * rowStride + c * colStride]);
            }
            return;
        }
        // nll_loss_out_frame's cascade: level 0 collects -x[target], and after element b
        // level j folds into j + 1 unless b has a bit set under level j's mask.
        constexpr int kLevels = 8;
        const int64_t levelPower = std::max<int64_t>(4, ceilLog2(batch) / kLevels);
        const int64_t levelMask = (int64_t(1) << levelPower) - 1;
        std::array<T, kLevels> partial{};
        for (int64_t b = 0; b < batch; ++b) {
            const int64_t c = classOf[size_t(b)];
            if (c == kIgnoreIndex)
                continue;
            partial[0] -= x[b * rowStride + c * colStride];
            for (int j = 0; j + 1 < kLevels; ++j) {
                if ((b & (levelMask << (j * levelPower))) != 0)
                    break;
                partial[size_t(j + 1)] += partial[size_t(j)];
                partial[size_t(j)] = T(0);
            }
        }
        T total = T(0);
        for (T v : partial)
            total += v;
        *o = reduction == Reduction::Mean ? T(total / T(counted)) : total;
    });

    // d loss / d input is -grad (-grad / total_weight for mean) at each row's target class.
    const IntList inputSizes = input.sizes();
    OpRecorder rec("NllLossBackward0", {&input}, [inputSizes, classOf, reduction](BackwardNode& n,
                                                                                   const variable_list& g) {
        Tensor self = n.saved(0);
        Tensor total = n.saved(3);
        Tensor coefficient = kernel::newTensor(inputSizes, g[0].dtype(), g[0].device());
        std::memset(coefficient.rawData(), 0, coefficient.nbytes());
        const int64_t classes = inputSizes.back();
        AGV_DISPATCH_FLOATING(g[0].dtype(), "nll_loss_backward", [&] {
            using T = scalar_t;
            T* c = coefficient.data<T>();
            for (size_t i = 0; i < classOf.size(); ++i)
                if (classOf[i] != kIgnoreIndex)
                    c[int64_t(i) * classes + classOf[i]] = T(-1);
        });
        // nll_loss_backward_out_frame: -(grad_output / total_weight) in the dtype for a mean
        // (dividing first rounds differently from multiplying by -1 / total_weight).
        Tensor grad = reduction == Reduction::Mean ? div(g[0], total) : g[0];
        if (grad.dim() == 1)  // reduction='none' on a batch: one gradient per row
            grad = unsqueeze(grad, 1);
        return variable_list{mul(coefficient, grad)};
    });
    rec.attr("ignore_index", kIgnoreIndex);
    rec.attr("reduction", reductionNumber(reduction));
    rec.save("self", input);
    rec.save("target", target);
    rec.save("weight", Tensor());
    rec.save("total_weight", totalWeight);
    rec.forward([&target, reduction](const InputTangents& t, const Tensor&) { return nllLoss(t[0], target, reduction); });
    return rec.finish(out);
}

Tensor crossEntropy(const Tensor& input, const Tensor& target, Reduction reduction)
{
    if (input.sizes() == target.sizes())  // same shape: PyTorch reads target as class probabilities
        AGV_CHECK(isFloatingType(target.dtype()), RuntimeError,
                  "Expected floating point type for target with class probabilities, got ",
                  legacyDtypeShortName(target.dtype()));
    AGV_CHECK(input.sizes() != target.sizes(), NotImplementedError,
              "cross_entropy with class probabilities as target is not supported yet");
    const int64_t classDim = input.dim() == 1 ? 0 : 1;
    return nllLoss(logSoftmax(input, classDim), target, reduction);
}

}  // namespace agv::ops

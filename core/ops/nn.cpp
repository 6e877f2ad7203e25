// torch.nn.functional ops, decomposed as PyTorch 1.13 decomposes them on the CPU so
// that the graph shows the same nodes: linear is addmm / mm / matmul (+ add_),
// dropout is a multiplication by a scaled Bernoulli mask (nll_loss: nll_loss.cpp).

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/autograd/grad_mode.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/kernels.h"
#include "core/ops/loss_backward.h"
#include "core/ops/native_dropout.h"
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
    if (input.device().isCuda() && p < 1.0)  // is_fused_kernel_acceptable
        return nativeDropout(input, p);
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
        if (type == ScalarType::Half) {
            static bool warned = false;  // TORCH_WARN_ONCE
            if (!warned) {
                warned = true;
                warn("UserWarning", "Applying the CPU mse kernel on half-type tensors. This may be slower than using "
                                    "float or double-type tensors. (Triggered internally at  "
                                    "./aten/src/ATen/native/cpu/BinaryOpsKernel.cpp:821.)");
            }
        }
        // AT_DISPATCH_FLOATING_TYPES_AND_HALF: float16 squares in float16 (each step
        // rounded), bfloat16 is refused.
        AGV_CHECK(type != ScalarType::BFloat16, RuntimeError, "\"mse_cpu\" not implemented for 'BFloat16'");
        Tensor diff = AGV_DISPATCH_FLOATING_AND_HALF(type, "mse_cpu", [&] {
            using T = scalar_t;
            return kernel::mapBinary<T, T>(x, y, input.sizes(), type, [](T a, T b) { return T((a - b) * (a - b)); });
        });
        out = applyLossReduction(diff, reduction);
    }
    OpRecorder rec("MseLossBackward0", {&input, &target}, [reduction](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), tgt = n.saved(1);
        return variable_list{needs(n, 0) ? mseLossBackward(g[0], self, tgt, reduction) : Tensor(),
                             needs(n, 1) ? mseLossBackward(g[0], tgt, self, reduction) : Tensor()};
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

}  // namespace agv::ops

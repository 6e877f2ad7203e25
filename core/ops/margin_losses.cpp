// See margin_losses.h. soft_margin_loss's values come from the engine's pointwise ops in
// the order of 1.13's in-place chain (Loss.cpp), each rounded to input's dtype as its
// output tensor is; multi_margin_loss's from a loop over rows in the order of
// LossMultiMargin.cpp (built without FMA, so plain C++ arithmetic).

#include "core/ops/margin_losses.h"

#include <string>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

/// An in-place op of 1.13's chain writes into a tensor of input's dtype.
Tensor into(const Tensor& t, ScalarType dtype) { return t.dtype() == dtype ? t : kernel::convert(t, dtype); }

/// soft_margin_loss_backward: -norm * target * z / (1 + z) * grad_output, z = exp(-target * input).
Tensor softMarginLossBackwardValues(const Tensor& gradOutput, const Tensor& input, const Tensor& target,
                                    Reduction reduction)
{
    const double norm = reduction == Reduction::Mean ? 1.0 / double(input.numel()) : 1.0;
    const ScalarType dtype = input.dtype();
    Tensor z = exp(mul(neg(target), input));
    Tensor grad = mul(into(mul(target, z), dtype), Scalar(-norm));
    z = add(z, Scalar(1));
    grad = into(div(grad, z), dtype);
    return into(mul(grad, gradOutput), dtype);
}

Tensor softMarginLossBackward(const Tensor& gradOutput, const Tensor& input, const Tensor& target,
                              Reduction reduction);

/// FunctionsManual's soft_margin_loss_double_backward: grad * target^2 * z / (z + 1)^2 (/ numel).
Tensor softMarginDoubleBackward(const Tensor& grad, const Tensor& input, const Tensor& target, Reduction reduction)
{
    Tensor z = exp(mul(input, neg(target)));
    Tensor zPlusOne = add(z, Scalar(1));
    Tensor res = div(mul(mul(mul(grad, target), target), z), mul(zPlusOne, zPlusOne));
    if (reduction == Reduction::Mean)
        res = div(res, Scalar(input.numel()));
    return res;
}

/// soft_margin_loss_double_backward_grad_output.
Tensor softMarginDoubleBackwardGradOutput(const Tensor& grad, const Tensor& gradOutput, const Tensor& input,
                                          const Tensor& target, Reduction reduction)
{
    if (reduction == Reduction::None)
        return softMarginLossBackward(grad, input, target, reduction);
    Tensor r = softMarginLossBackward(onesLike(gradOutput), input, target, reduction);
    return sum(mul(r, grad));
}

/// soft_margin_loss_backward as an op: SoftMarginLossBackwardBackward0 under create_graph.
Tensor softMarginLossBackward(const Tensor& gradOutput, const Tensor& input, const Tensor& target,
                              Reduction reduction)
{
    OpRecorder rec("SoftMarginLossBackwardBackward0", {&gradOutput, &input},
                   [reduction](BackwardNode& n, const variable_list& g) {
                       const Tensor gradOutput = n.saved(0), self = n.saved(1), target = n.saved(2);
                       return variable_list{
                           n.needsInputGrad(0)
                               ? softMarginDoubleBackwardGradOutput(g[0], gradOutput, self, target, reduction)
                               : Tensor(),
                           n.needsInputGrad(1) ? softMarginDoubleBackward(mul(g[0], gradOutput), self, target, reduction)
                                               : Tensor()};
                   });
    if (rec.active()) {
        rec.save("grad_output", gradOutput);
        rec.attr("reduction", reductionNumber(reduction));
        rec.save("self", input);
        rec.save("target", target);
    }
    return rec.finish(quietly([&] { return softMarginLossBackwardValues(gradOutput, input, target, reduction); }));
}

// ---------------------------------------------------------------- multi_margin_loss

struct MarginGeometry {
    int64_t frames = 1, classes = 1;
};

MarginGeometry checkMultiMarginShapes(const Tensor& input, const Tensor& target)
{
    const int64_t dims = input.dim();
    const bool ok = (dims == 2 && input.size(1) != 0) || (dims == 1 && input.size(0) != 0) || dims == 0;
    AGV_CHECK(ok, RuntimeError, "Expected non-empty vector or matrix with optional 0-dim batch size, but got: ",
              sizesToString(input.sizes()));
    MarginGeometry g;
    if (dims <= 1) {
        g.classes = dims == 0 ? 1 : input.size(0);
    } else {
        g.frames = input.size(0);
        g.classes = input.size(1);
    }
    AGV_CHECK(target.dim() <= 1 && target.numel() == g.frames, RuntimeError, "inconsistent target size, got: ",
              sizesToString(target.sizes()));
    return g;
}

int64_t targetIndex(const int64_t* targets, int64_t frame, int64_t classes)
{
    const int64_t y = targets[frame];
    AGV_CHECK(y >= 0 && y < classes, RuntimeError, "target out of range");
    return y;
}

Tensor multiMarginValues(const Tensor& input, const Tensor& target, int64_t p, double marginIn, const Tensor& weight,
                         Reduction reduction, const MarginGeometry& g)
{
    const bool perFrame = reduction == Reduction::None && target.dim() > 0;
    Tensor out = kernel::newTensor(perFrame ? IntList{g.frames} : IntList{}, input.dtype(), input.device());
    if (input.numel() == 0)
        return out;
    const Tensor x = kernel::dense(input);
    const Tensor y = kernel::dense(target);
    const Tensor w = weight.defined() ? kernel::dense(weight) : Tensor();
    AGV_DISPATCH_FLOATING(input.dtype(), "multi_margin_loss_cpu_kernel", [&] {
        using T = scalar_t;
        // The kernel's data_ptr<int64_t>() and data_ptr<scalar_t>() checks.
        AGV_CHECK(target.dtype() == ScalarType::Int64, RuntimeError, "expected scalar type Long but found ",
                  legacyDtypeShortName(target.dtype()));
        AGV_CHECK(!weight.defined() || weight.dtype() == input.dtype(), RuntimeError, "expected scalar type ",
                  legacyDtypeShortName(input.dtype()), " but found ", legacyDtypeShortName(weight.dtype()));
        const T margin = T(marginIn);
        const T* row = x.data<T>();
        const int64_t* targets = y.data<int64_t>();
        const T* weights = w.defined() ? w.data<T>() : nullptr;
        T* o = out.data<T>();
        double total = 0;  // acc_type<float, false> is double
        for (int64_t t = 0; t < g.frames; ++t, row += g.classes) {
            const int64_t target = targetIndex(targets, t, g.classes);
            const T atTarget = row[target];
            T rowSum = 0;
            for (int64_t d = 0; d < g.classes; ++d) {
                if (d == target)
                    continue;
                const T z = margin - atTarget + row[d];
                if (z > 0) {
                    T h = p == 1 ? z : z * z;
                    if (weights)
                        h *= weights[target];
                    rowSum += h;
                }
            }
            rowSum /= T(g.classes);
            if (perFrame)
                o[t] = rowSum;
            else
                total += rowSum;
        }
        if (!perFrame) {
            if (reduction == Reduction::Mean)
                total /= double(g.frames);
            o[0] = T(total);
        }
    });
    return out;
}

Tensor multiMarginBackwardValues(const Tensor& gradOutput, const Tensor& input, const Tensor& target, int64_t p,
                                 double marginIn, const Tensor& weight, Reduction reduction, const MarginGeometry& g)
{
    Tensor grad = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    if (input.numel() == 0)
        return grad;
    const Tensor x = kernel::dense(input);
    const Tensor y = kernel::dense(target);
    const Tensor w = weight.defined() ? kernel::dense(weight) : Tensor();
    const Tensor go = kernel::dense(kernel::convert(gradOutput, input.dtype()));
    AGV_DISPATCH_FLOATING(input.dtype(), "multi_margin_loss_backward_cpu_kernel", [&] {
        using T = scalar_t;
        const T margin = T(marginIn);
        const T scale = reduction == Reduction::Mean ? T(1.0 / double(g.frames * g.classes)) : T(1.0 / double(g.classes));
        const T* row = x.data<T>();
        const int64_t* targets = y.data<int64_t>();
        const T* weights = w.defined() ? w.data<T>() : nullptr;
        T* gi = grad.data<T>();
        for (int64_t t = 0; t < g.frames; ++t, row += g.classes, gi += g.classes) {
            const int64_t target = targetIndex(targets, t, g.classes);
            const T atTarget = row[target];
            T gradTarget = 0;
            for (int64_t d = 0; d < g.classes; ++d) {
                const T z = margin - atTarget + row[d];
                if (d == target)
                    continue;
                if (z > 0) {
                    T h = p == 1 ? scale : 2 * scale * z;
                    if (weights)
                        h *= weights[target];
                    gradTarget -= h;
                    gi[d] = h;
                } else {
                    gi[d] = 0;
                }
            }
            gi[target] = gradTarget;
        }
        T* all = grad.data<T>();
        const T* gOut = go.data<T>();
        if (reduction != Reduction::None || gradOutput.dim() == 0) {
            for (int64_t i = 0, n = grad.numel(); i < n; ++i)
                all[i] *= gOut[0];
        } else {
            for (int64_t t = 0; t < g.frames; ++t)
                for (int64_t d = 0; d < g.classes; ++d)
                    all[t * g.classes + d] *= gOut[t];
        }
    });
    return grad;
}

}  // namespace

Tensor softMarginLoss(const Tensor& input, const Tensor& target, Reduction reduction)
{
    checkNoRequiresGrad(target, "target", "soft_margin_loss");
    Tensor loss = quietly([&] {
        // neg_out(output, input).mul_(target).exp_().add_(1.).log_(): output has input's
        // shape and dtype, so target may broadcast to it but not beyond it.
        const ScalarType dtype = input.dtype();
        const ScalarType promoted = promoteTypes(dtype, target.dtype());
        AGV_CHECK(promoted == dtype || isFloatingType(dtype), RuntimeError, "result type ",
                  legacyDtypeShortName(promoted), " can't be cast to the desired output type ",
                  legacyDtypeShortName(dtype));
        Tensor product = mul(neg(input), target);
        AGV_CHECK(product.sizes() == input.sizes(), RuntimeError, "output with shape ", sizesToString(input.sizes()),
                  " doesn't match the broadcast shape ", sizesToString(product.sizes()));
        Tensor values = log(add(exp(into(product, dtype)), Scalar(1.0)));
        return applyLossReduction(values, reduction);
    });
    OpRecorder rec("SoftMarginLossBackward0", {&input}, [reduction](BackwardNode& n, const variable_list& g) {
        return variable_list{softMarginLossBackward(g[0], n.saved(0), n.saved(1), reduction)};
    });
    if (rec.active()) {
        rec.attr("reduction", reductionNumber(reduction));
        rec.save("self", input);
        rec.save("target", target);
    }
    return rec.finish(loss);
}

Tensor multiMarginLoss(const Tensor& input, const Tensor& target, int64_t p, double margin, const Tensor& weight,
                       Reduction reduction)
{
    checkNoRequiresGrad(target, "target", "multi_margin_loss");
    checkNoRequiresGrad(weight, "weight", "multi_margin_loss");
    AGV_CHECK(p == 1 || p == 2, RuntimeError, "only p == 1 and p == 2 supported");
    const MarginGeometry g = checkMultiMarginShapes(input, target);
    // 1.13 reads weight[target] unchecked: a longer weight is fine, a shorter one would be
    // read past its end, which is refused here instead.
    AGV_CHECK(!weight.defined() || weight.numel() >= g.classes, RuntimeError, "inconsistent weight size, expected ",
              g.classes, " but got ", sizesToString(weight.sizes()));
    Tensor loss = quietly([&] { return multiMarginValues(input, target, p, margin, weight, reduction, g); });
    OpRecorder rec("MultiMarginLossBackward0", {&input},
                   [p, margin, reduction, g](BackwardNode& n, const variable_list& grads) {
                       const Tensor self = n.saved(0), target = n.saved(1), weight = n.saved(2);
                       const Tensor& gradOutput = grads[0];
                       // multi_margin_loss_backward has no derivative in 1.13.
                       OpRecorder backward = notImplementedRecorder("multi_margin_loss_backward", {&gradOutput, &self});
                       return variable_list{backward.finish(quietly([&] {
                           return multiMarginBackwardValues(gradOutput, self, target, p, margin, weight, reduction, g);
                       }))};
                   });
    if (rec.active()) {
        rec.attr("margin", margin);
        rec.attr("p", p);
        rec.attr("reduction", reductionNumber(reduction));
        rec.save("self", input);
        rec.save("target", target);
        rec.save("weight", weight);
    }
    return rec.finish(loss);
}

}  // namespace agv::ops

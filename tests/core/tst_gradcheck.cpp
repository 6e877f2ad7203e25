// Every differentiable op against central finite differences in float64 (a second
// opinion next to the PyTorch golden values of tst_grad_values): the analytical
// vector-Jacobian product for a fixed upstream gradient v must match
// (f(x + eps e_j) - f(x - eps e_j)) / 2 eps of <f(x), v> for every input element.
// Inputs are contiguous leaves; cases make them non-contiguous (transposed,
// expanded) inside the function. A few cases also check the double backward.

#include <QtTest>

#include <cmath>
#include <functional>

#include "core/autograd/engine.h"
#include "core/ops/activations.h"
#include "core/ops/index_put.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/log_sigmoid.h"
#include "core/ops/ops.h"
#include "core/ops/padding.h"
#include "core/ops/take_bincount.h"
#include "core/random/generator.h"

using namespace agv;

namespace {

using Fn = std::function<Tensor(const TensorList&)>;

/// Unit: inside (-1, 1) (asin, acos, atanh); AboveOne: greater than 1 (acosh).
enum class Domain { Any, Positive, Unit, AboveOne };

struct Case {
    const char* name;
    std::vector<IntList> shapes;
    Fn fn;
    Domain domain = Domain::Any;
};

constexpr double kEps = 1e-6;
constexpr double kRtol = 1e-5;
constexpr double kAtol = 1e-6;

Tensor makeInput(const IntList& shape, size_t which, Domain domain)
{
    std::vector<double> values(size_t(computeNumel(shape)));
    for (size_t i = 0; i < values.size(); ++i) {
        // Spread out, no ties, away from the kinks of relu/abs/clamp at 0 and +-0.5.
        const double v = 1.7 * std::sin(1.3 * double(i) + 0.9 * double(which) + 0.4);
        switch (domain) {
        case Domain::Any: values[i] = v + (std::fabs(v) < 0.05 ? 0.1 : 0.0); break;
        case Domain::Positive: values[i] = 0.3 + std::fabs(v); break;
        case Domain::Unit: values[i] = 0.5 * v; break;
        case Domain::AboveOne: values[i] = 1.2 + std::fabs(v); break;
        }
    }
    Tensor t = ops::fromValues(shape, values, ScalarType::Float64);
    ops::requiresGrad_(t, true);
    return t;
}

Tensor upstream(const Tensor& out)
{
    std::vector<double> values(size_t(out.numel()));
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = 0.5 + 0.25 * std::cos(0.7 * double(i));
    return ops::fromValues(out.sizes(), values, out.dtype());
}

double weightedSum(const Tensor& out, const Tensor& v)
{
    double s = 0;
    for (int64_t i = 0; i < out.numel(); ++i)
        s += out.valueAt(i) * v.valueAt(i);
    return s;
}

/// Empty when analytical and numerical gradients agree, else a description.
QString gradcheck(const Fn& fn, const TensorList& inputs)
{
    Tensor out = fn(inputs);
    const Tensor v = upstream(out);
    // An output that does not depend on the inputs differentiably (the gradient of a
    // linear function, say) has a zero Jacobian: the differences must find that too.
    const TensorList analytical = out.requiresGrad()
                                      ? grad({out}, inputs, {v}, std::nullopt, false, /*allowUnused=*/true)
                                      : TensorList(inputs.size());
    // Grad mode stays on for the evaluations: a case may itself call autograd.grad.
    for (size_t k = 0; k < inputs.size(); ++k) {
        const Tensor& x = inputs[k];
        if (analytical[k].defined() && analytical[k].sizes() != x.sizes())
            return QString("input %1: gradient shape %2 instead of %3")
                .arg(k)
                .arg(QString::fromStdString(sizesToString(analytical[k].sizes())))
                .arg(QString::fromStdString(sizesToString(x.sizes())));
        double* data = x.data<double>();
        for (int64_t j = 0; j < x.numel(); ++j) {
            const double saved = data[j];
            data[j] = saved + kEps;
            const double plus = weightedSum(fn(inputs), v);
            data[j] = saved - kEps;
            const double minus = weightedSum(fn(inputs), v);
            data[j] = saved;
            const double numerical = (plus - minus) / (2 * kEps);
            const double a = analytical[k].defined() ? analytical[k].valueAt(j) : 0.0;
            if (!(std::fabs(a - numerical) <= kAtol + kRtol * std::fabs(numerical)))
                return QString("input %1 element %2: analytical %3, numerical %4").arg(k).arg(j).arg(a, 0, 'g', 12).arg(
                    numerical, 0, 'g', 12);
        }
    }
    return {};
}

/// The first input's gradient as a function of the inputs (create_graph=True):
/// gradcheck of it checks the double backward.
Fn firstGradient(Fn fn)
{
    return [fn](const TensorList& inputs) {
        Tensor out = fn(inputs);
        Tensor g = grad({out}, {inputs[0]}, {upstream(out)}, std::nullopt, /*createGraph=*/true, true)[0];
        return g.defined() ? g : ops::zerosLike(inputs[0]);
    };
}

Tensor nonleaf(const Tensor& t) { return ops::mul(t, 1); }
Tensor gt0(const Tensor& t) { return ops::compare(t, Scalar(0), ops::CompareOp::Gt); }
Tensor longs(const IntList& shape, const std::vector<int64_t>& v) { return ops::fromInts(shape, v, ScalarType::Int64); }

const std::vector<Case>& cases()
{
    using namespace ops;
    using L = const TensorList&;
    static const std::vector<Case> table = {
        // pointwise
        {"add", {{2, 3}, {2, 3}}, [](L x) { return add(x[0], x[1]); }},
        {"add_broadcast_0d", {{2, 2}, {}}, [](L x) { return add(x[0], x[1]); }},
        {"add_broadcast_row", {{2, 3}, {3}}, [](L x) { return add(x[0], x[1], Scalar(2.5)); }},
        {"add_expanded", {{1, 3}, {2, 3}}, [](L x) { return add(expand(x[0], {2, 3}), x[1]); }},
        {"sub_alpha", {{2, 3}, {2, 3}}, [](L x) { return sub(x[0], x[1], Scalar(0.5)); }},
        {"rsub", {{2, 3}}, [](L x) { return rsub(x[0], Scalar(2)); }},
        {"mul", {{2, 3}, {2, 3}}, [](L x) { return mul(x[0], x[1]); }},
        {"mul_transposed", {{3, 2}, {2, 3}}, [](L x) { return mul(t(x[0]), x[1]); }},
        {"mul_scalar", {{2, 3}}, [](L x) { return mul(x[0], Scalar(3)); }},
        {"div", {{2, 3}, {2, 3}}, [](L x) { return div(x[0], x[1]); }, Domain::Positive},
        {"rdiv", {{2, 3}}, [](L x) { return rdiv(x[0], Scalar(2)); }, Domain::Positive},
        {"pow_scalar", {{2, 3}}, [](L x) { return pow(x[0], Scalar(3)); }},
        {"pow_fractional", {{2, 3}}, [](L x) { return pow(x[0], Scalar(1.5)); }, Domain::Positive},
        {"pow_tensor", {{2, 3}, {2, 3}}, [](L x) { return pow(x[0], x[1]); }, Domain::Positive},
        {"rpow", {{2, 3}}, [](L x) { return rpow(x[0], Scalar(2)); }},
        {"pow_scalar_base", {{2, 3}}, [](L x) { return pow(Scalar(1.5), x[0]); }},
        {"neg", {{2, 3}}, [](L x) { return neg(x[0]); }},
        {"reciprocal", {{2, 3}}, [](L x) { return reciprocal(x[0]); }, Domain::Positive},
        {"exp", {{2, 3}}, [](L x) { return exp(x[0]); }},
        {"log", {{2, 3}}, [](L x) { return log(x[0]); }, Domain::Positive},
        {"sqrt", {{2, 3}}, [](L x) { return sqrt(x[0]); }, Domain::Positive},
        {"rsqrt", {{2, 3}}, [](L x) { return rsqrt(x[0]); }, Domain::Positive},
        {"abs", {{2, 3}}, [](L x) { return abs(x[0]); }},
        {"sin", {{2, 3}}, [](L x) { return sin(x[0]); }},
        {"cos", {{2, 3}}, [](L x) { return cos(x[0]); }},
        {"tanh", {{2, 3}}, [](L x) { return tanh(x[0]); }},
        {"sigmoid", {{2, 3}}, [](L x) { return sigmoid(x[0]); }},
        {"relu", {{2, 3}}, [](L x) { return relu(x[0]); }},
        {"leaky_relu", {{2, 3}}, [](L x) { return leakyRelu(x[0], 0.2); }},
        {"gelu", {{2, 3}}, [](L x) { return gelu(x[0]); }},
        {"celu", {{2, 3}}, [](L x) { return celu(x[0], 0.5); }},
        {"elu", {{2, 3}}, [](L x) { return elu(x[0], 1.3); }},
        {"selu", {{2, 3}}, [](L x) { return elu(x[0], 1.6732632423543772, 1.0507009873554805); }},
        {"elu_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return eluInplace(y, 1.3); }},
        {"celu_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return celuInplace(y, 0.5); }},
        {"silu", {{2, 3}}, [](L x) { return silu(x[0]); }},
        {"softplus", {{2, 3}}, [](L x) { return softplus(x[0], 2, 1.5); }},
        {"threshold", {{2, 3}}, [](L x) { return threshold(x[0], 0.2, -1.0); }},
        {"hardshrink", {{2, 3}}, [](L x) { return hardshrink(x[0]); }},
        {"softshrink", {{2, 3}}, [](L x) { return softshrink(x[0], 0.3); }},
        {"hardsigmoid", {{2, 3}}, [](L x) { return hardsigmoid(x[0]); }},
        {"hardswish", {{2, 3}}, [](L x) { return hardswish(x[0]); }},
        {"logsigmoid", {{2, 3}}, [](L x) { return logSigmoid(x[0]); }},
        {"mish", {{2, 3}}, [](L x) { return mish(x[0]); }},
        {"glu", {{2, 4}}, [](L x) { return glu(x[0]); }},
        {"glu_dim0", {{4, 3}}, [](L x) { return glu(x[0], 0); }},
        {"reflection_pad1d", {{2, 3, 5}}, [](L x) { return reflectionPad(x[0], {3, -1}); }},
        {"reflection_pad2d", {{1, 2, 3, 4}}, [](L x) { return reflectionPad(x[0], {1, 2, 2, 0}); }},
        {"reflection_pad3d", {{2, 3, 3, 4}}, [](L x) { return reflectionPad(x[0], {1, 1, 2, 2, 1, 0}); }},
        {"replication_pad1d", {{2, 3, 5}}, [](L x) { return replicationPad(x[0], {4, 2}); }},
        {"replication_pad2d", {{2, 3, 4}}, [](L x) { return replicationPad(x[0], {-1, 3, 2, 2}); }},
        {"replication_pad3d", {{1, 2, 2, 3, 4}}, [](L x) { return replicationPad(x[0], {1, 2, 0, 1, 2, 1}); }},
        {"circular_pad2d", {{1, 2, 3, 4}}, [](L x) { return circularPad(x[0], {1, 2, 2, -1}); }},
        {"prelu_3d", {{2, 3, 4}, {3}}, [](L x) { return prelu(x[0], x[1]); }},
        {"prelu", {{2, 3}, {3}}, [](L x) { return prelu(x[0], x[1]); }},
        {"prelu_shared", {{2, 3}, {1}}, [](L x) { return prelu(x[0], x[1]); }},
        {"gelu_tanh", {{2, 3}}, [](L x) { return gelu(x[0], "tanh"); }},
        {"clamp", {{2, 3}}, [](L x) { return clamp(x[0], Scalar(-0.8), Scalar(0.9)); }},
        {"clamp_min", {{2, 3}}, [](L x) { return clamp(x[0], Scalar(0.1), std::nullopt); }},
        {"frac", {{2, 3}}, [](L x) { return frac(x[0]); }},
        {"log2", {{2, 3}}, [](L x) { return log2(x[0]); }, Domain::Positive},
        {"log10", {{2, 3}}, [](L x) { return log10(x[0]); }, Domain::Positive},
        {"exp2", {{2, 3}}, [](L x) { return exp2(x[0]); }},
        {"tan", {{2, 3}}, [](L x) { return tan(mul(x[0], 0.8)); }},
        {"atan", {{2, 3}}, [](L x) { return atan(x[0]); }},
        {"asin", {{2, 3}}, [](L x) { return asin(x[0]); }, Domain::Unit},
        {"acos", {{2, 3}}, [](L x) { return acos(x[0]); }, Domain::Unit},
        {"sinh", {{2, 3}}, [](L x) { return sinh(x[0]); }},
        {"cosh", {{2, 3}}, [](L x) { return cosh(x[0]); }},
        {"asinh", {{2, 3}}, [](L x) { return asinh(x[0]); }},
        {"acosh", {{2, 3}}, [](L x) { return acosh(x[0]); }, Domain::AboveOne},
        {"atanh", {{2, 3}}, [](L x) { return atanh(x[0]); }, Domain::Unit},
        {"sqrt_", {{2, 3}}, [](L x) { Tensor y = mul(x[0], 1); return sqrtInplace(y); }, Domain::Positive},
        {"sin_", {{2, 3}}, [](L x) { Tensor y = mul(x[0], 1); return sinInplace(y); }},
        {"asin_", {{2, 3}}, [](L x) { Tensor y = mul(x[0], 1); return asinInplace(y); }, Domain::Unit},
        {"tan_", {{2, 3}}, [](L x) { Tensor y = mul(x[0], 0.8); return tanInplace(y); }},
        {"fmod_scalar", {{2, 3}}, [](L x) { return fmod(x[0], Scalar(10.0)); }},
        {"addcmul", {{2, 3}, {2, 3}, {3}}, [](L x) { return addcmul(x[0], x[1], x[2], Scalar(0.5)); }},
        {"addcdiv", {{2, 3}, {2, 3}, {2, 3}}, [](L x) { return addcdiv(x[0], x[1], x[2], Scalar(-2.0)); }, Domain::Positive},
        {"where", {{2, 3}, {2, 3}, {2, 3}}, [](L x) { return where(gt0(x[0]), x[1], x[2]); }},
        {"where_broadcast", {{2, 3}, {3}, {}}, [](L x) { return where(gt0(x[0]), x[1], x[2]); }},
        {"masked_fill", {{2, 3}}, [](L x) { return maskedFill(x[0], gt0(x[0]), Scalar(0.5)); }},
        // reductions
        {"sum", {{2, 3}}, [](L x) { return sum(x[0]); }},
        {"sum_dim", {{2, 3, 2}}, [](L x) { return sum(x[0], {1}); }},
        {"sum_dims_keepdim", {{2, 3, 2}}, [](L x) { return sum(x[0], {0, 2}, true); }},
        {"mean", {{2, 3}}, [](L x) { return mean(x[0]); }},
        {"mean_dim", {{2, 3}}, [](L x) { return mean(x[0], {-1}); }},
        {"max", {{2, 3}}, [](L x) { return max(x[0]); }},
        {"min", {{2, 3}}, [](L x) { return min(x[0]); }},
        {"max_dim", {{3, 4}}, [](L x) { return max(x[0], 1).first; }},
        {"max_dim0_transposed", {{4, 3}}, [](L x) { return max(t(x[0]), 0).first; }},
        {"min_dim_keepdim", {{3, 4}}, [](L x) { return min(x[0], 0, true).first; }},
        {"softmax", {{2, 4}}, [](L x) { return softmax(x[0], 1); }},
        {"softmax_dim0_transposed", {{4, 2}}, [](L x) { return softmax(t(x[0]), 0); }},
        {"softmax_0d", {{}}, [](L x) { return mul(softmax(x[0], 0), x[0]); }},
        {"log_softmax", {{2, 4}}, [](L x) { return logSoftmax(x[0], -1); }},
        {"log_softmax_3d", {{2, 3, 2}}, [](L x) { return logSoftmax(x[0], 1); }},
        // views
        {"view", {{2, 3}}, [](L x) { return mul(view(x[0], {3, 2}), view(x[0], {3, 2})); }},
        {"reshape_copy", {{2, 3}}, [](L x) { return reshape(t(x[0]), {6}); }},
        {"flatten", {{2, 3, 2}}, [](L x) { return flatten(x[0], 1); }},
        {"transpose", {{2, 3, 2}}, [](L x) { return transpose(x[0], 0, 2); }},
        {"permute", {{2, 3, 2}}, [](L x) { return permute(x[0], {2, 0, 1}); }},
        {"unsqueeze_squeeze", {{2, 1, 3}}, [](L x) { return unsqueeze(squeeze(x[0]), 0); }},
        {"squeeze_dim", {{2, 1}}, [](L x) { return squeeze(x[0], 1); }},
        {"expand", {{3, 1}}, [](L x) { return expand(x[0], {2, 3, 4}); }},
        {"narrow", {{2, 5}}, [](L x) { return narrow(x[0], 1, 1, 3); }},
        {"select", {{3, 4}}, [](L x) { return select(x[0], 1, -1); }},
        {"slice_step", {{7}}, [](L x) { return slice(x[0], 0, 1, 6, 2); }},
        {"clone_contiguous", {{2, 3}}, [](L x) { return contiguous(t(x[0])); }},
        // linear algebra
        {"dot", {{4}, {4}}, [](L x) { return dot(x[0], x[1]); }},
        {"dot_strided", {{8}, {4}}, [](L x) { return dot(slice(x[0], 0, 0, 8, 2), x[1]); }},
        {"mv", {{3, 4}, {4}}, [](L x) { return mv(x[0], x[1]); }},
        {"mv_transposed", {{4, 3}, {4}}, [](L x) { return mv(t(x[0]), x[1]); }},
        {"mm", {{2, 3}, {3, 4}}, [](L x) { return mm(x[0], x[1]); }},
        {"mm_transposed", {{3, 2}, {4, 3}}, [](L x) { return mm(t(x[0]), t(x[1])); }},
        {"mm_expanded", {{1, 3}, {3, 4}}, [](L x) { return mm(expand(x[0], {2, 3}), x[1]); }},
        {"bmm", {{2, 3, 4}, {2, 4, 2}}, [](L x) { return bmm(x[0], x[1]); }},
        {"bmm_transposed", {{2, 4, 3}, {2, 4, 2}}, [](L x) { return bmm(transpose(x[0], 1, 2), x[1]); }},
        {"addmm", {{4}, {2, 3}, {3, 4}}, [](L x) { return addmm(x[0], x[1], x[2]); }},
        {"addmm_bias_2d", {{2, 4}, {2, 3}, {3, 4}}, [](L x) { return addmm(x[0], x[1], x[2]); }},
        {"matmul_vm", {{3}, {3, 4}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_b3_m", {{2, 3, 4}, {4, 2}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_b3_v", {{2, 3, 4}, {4}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_v_c3", {{4}, {2, 4, 3}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_m_c3", {{3, 4}, {2, 4, 2}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_b3_c3", {{2, 3, 4}, {2, 4, 2}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_b4_c3", {{2, 2, 3, 4}, {2, 4, 2}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_broadcast_batch", {{1, 3, 4}, {2, 4, 2}}, [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_b3perm_m", {{2, 4, 3}, {4, 2}}, [](L x) { return matmul(permute(x[0], {0, 2, 1}), x[1]); }},
        // nn
        {"linear_2d", {{2, 4}, {3, 4}, {3}}, [](L x) { return linear(x[0], x[1], x[2]); }},
        {"linear_2d_no_bias", {{2, 4}, {3, 4}}, [](L x) { return linear(x[0], x[1]); }},
        {"linear_1d", {{4}, {3, 4}, {3}}, [](L x) { return linear(x[0], x[1], x[2]); }},
        {"linear_3d", {{2, 2, 4}, {3, 4}, {3}}, [](L x) { return linear(x[0], x[1], x[2]); }},
        {"linear_3d_noncontiguous", {{2, 2, 4}, {3, 4}, {3}},
         [](L x) { return linear(transpose(x[0], 0, 1), x[1], x[2]); }},
        {"linear_4d", {{2, 1, 2, 4}, {3, 4}, {3}}, [](L x) { return linear(x[0], x[1], x[2]); }},
        {"dropout_seeded", {{3, 4}},
         [](L x) {
             defaultGenerator().manualSeed(7);
             return dropout(x[0], 0.4, true);
         }},
        {"mse_mean", {{2, 3}, {2, 3}}, [](L x) { return mseLoss(x[0], x[1]); }},
        {"mse_sum", {{2, 3}, {2, 3}}, [](L x) { return mseLoss(x[0], x[1], Reduction::Sum); }},
        {"mse_none", {{2, 3}, {2, 3}}, [](L x) { return mseLoss(x[0], x[1], Reduction::None); }},
        {"mse_broadcast", {{2, 3}, {3}}, [](L x) { return mseLoss(x[0], x[1]); }},
        {"nll_mean", {{3, 4}}, [](L x) { return nllLoss(x[0], longs({3}, {1, 3, 0})); }},
        {"nll_sum", {{3, 4}}, [](L x) { return nllLoss(x[0], longs({3}, {1, 3, 1}), Reduction::Sum); }},
        {"nll_none", {{3, 4}}, [](L x) { return nllLoss(x[0], longs({3}, {2, 0, 1}), Reduction::None); }},
        {"nll_ignore_index", {{3, 4}}, [](L x) { return nllLoss(x[0], longs({3}, {2, -100, 1})); }},
        {"nll_1d", {{4}}, [](L x) { return nllLoss(x[0], longs({}, {2})); }},
        {"cross_entropy", {{3, 4}}, [](L x) { return crossEntropy(x[0], longs({3}, {1, 3, 0})); }},
        {"cross_entropy_1d", {{4}}, [](L x) { return crossEntropy(x[0], longs({}, {3})); }},
        // joins and indexing
        {"cat", {{2, 3}, {1, 3}}, [](L x) { return cat({x[0], x[1]}); }},
        {"cat_dim1_mixed", {{2, 3}, {2, 2}}, [](L x) { return cat({x[0], t(t(x[1])), x[0]}, -1); }},
        {"cat_skips_legacy_empty", {{2, 3}, {0}}, [](L x) { return cat({x[1], x[0], x[1]}, 1); }},
        {"stack", {{2, 3}, {2, 3}}, [](L x) { return stack({x[0], x[1]}); }},
        {"stack_last", {{2, 3}, {2, 3}}, [](L x) { return stack({x[0], t(t(x[1]))}, -1); }},
        {"index", {{4, 2}}, [](L x) { return indexWithTensor(x[0], longs({3}, {3, 0, 2})); }},
        {"index_repeated_negative", {{4, 2}}, [](L x) { return indexWithTensor(x[0], longs({2, 2}, {1, -3, 1, 0})); }},
        {"index_mask", {{3, 4}}, [](L x) { return indexWithTensor(x[0], gt0(x[0])); }},
        {"index_mask_rows", {{3, 2}}, [](L x) { return indexWithTensor(x[0], ops::fromValues({3}, {1, 0, 1}, ScalarType::Bool)); }},
        {"index_transposed", {{2, 3}}, [](L x) { return indexWithTensor(t(x[0]), longs({2}, {2, 2})); }},
        // x[:, idx] and x[i, :, j]: None entries keep dims whole
        {"index_after_none", {{2, 3, 2}}, [](L x) { return index(x[0], {Tensor(), longs({4}, {2, 0, 2, -1})}); }},
        {"index_apart", {{3, 2, 4}}, [](L x) { return index(x[0], {longs({2}, {1, 1}), Tensor(), longs({2}, {3, 0})}); }},
        {"index_mask_after_none", {{2, 3}}, [](L x) { return index(x[0], {Tensor(), ops::fromValues({3}, {1, 0, 1}, ScalarType::Bool)}); }},
        // in-place forms (on a non-leaf copy)
        {"add_", {{2, 3}, {3}}, [](L x) { Tensor y = nonleaf(x[0]); return addInplace(y, x[1], Scalar(2)); }},
        {"sub_", {{2, 3}, {2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return subInplace(y, x[1]); }},
        {"mul_", {{2, 3}, {2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return mulInplace(y, x[1]); }},
        {"div_", {{2, 3}, {2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return divInplace(y, x[1]); }, Domain::Positive},
        {"pow_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return powInplace(y, Scalar(3)); }},
        {"pow_tensor_", {{2, 3}, {2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return powInplace(y, x[1]); },
         Domain::Positive},
        {"remainder_", {{2, 3}, {3}}, [](L x) { Tensor y = nonleaf(x[0]); return remainderInplace(y, add(x[1], Scalar(5))); }},
        {"fmod_", {{2, 3}, {3}}, [](L x) { Tensor y = nonleaf(x[0]); return fmodInplace(y, add(x[1], Scalar(5))); }},
        {"cumsum_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return cumsumInplace(y, 1); }},
        {"cumprod_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return cumprodInplace(y, 0); }},
        {"take", {{2, 3}}, [](L x) { return take(x[0], longs({2, 2}, {5, 0, -1, 5})); }},
        {"clamp_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return clampInplace(y, Scalar(-0.8), Scalar(0.9)); }},
        {"relu_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return reluInplace(y); }},
        {"sigmoid_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return sigmoidInplace(y); }},
        {"tanh_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return tanhInplace(y); }},
        {"exp_", {{2, 3}}, [](L x) { Tensor y = nonleaf(x[0]); return expInplace(y); }},
        {"copy_", {{2, 3}, {3}}, [](L x) { Tensor y = nonleaf(x[0]); return mul(copyInplace(y, x[1]), x[0]); }},
        {"fill_tensor", {{2, 3}, {}}, [](L x) { Tensor y = nonleaf(x[0]); return mul(fillInplace(y, x[1]), x[0]); }},
        {"index_assign", {{3, 2}, {2}},
         [](L x) {
             Tensor y = nonleaf(x[0]);
             Tensor row = select(y, 0, 1);
             mulInplace(row, x[1]);  // rebases y's history through CopySlices
             return y;
         }},
    };
    return table;
}

const std::vector<const char*>& doubleBackwardCases()
{
    static const std::vector<const char*> names = {
        "mul", "div", "exp", "tanh", "sigmoid", "pow_scalar", "softmax", "log_softmax", "mm", "mm_transposed",
        "bmm", "matmul_vm", "matmul_b3_m", "matmul_m_c3", "matmul_b3_c3", "addmm", "linear_3d", "max", "max_dim",
        "mse_mean", "cross_entropy", "cat", "stack", "index_repeated_negative", "index_mask", "where", "sum_dim",
        "mean_dim", "expand", "tan", "atan", "asin", "acos", "sinh", "cosh", "asinh", "acosh", "atanh",
        // the activations' backward nodes (EluBackwardBackward0, GluBackwardBackward0, ...)
        "relu", "relu_", "leaky_relu", "elu", "selu", "elu_", "celu", "celu_", "threshold", "hardshrink",
        "softshrink", "hardswish", "silu", "mish", "softplus", "glu", "glu_dim0", "prelu", "prelu_shared", "prelu_3d",
        // F.pad's modes: the pads' backward nodes, and circular's CopySlices
        "reflection_pad1d", "reflection_pad2d", "reflection_pad3d", "replication_pad1d", "replication_pad2d",
        "replication_pad3d", "circular_pad2d",
    };
    return names;
}

const Case& findCase(const std::string& name)
{
    for (const Case& c : cases())
        if (name == c.name)
            return c;
    throw std::runtime_error("no case " + name);
}

TensorList inputsFor(const Case& c)
{
    TensorList inputs;
    for (size_t i = 0; i < c.shapes.size(); ++i)
        inputs.push_back(makeInput(c.shapes[i], i, c.domain));
    return inputs;
}

}  // namespace

class TestGradcheck : public QObject {
    Q_OBJECT

private slots:
    void firstOrder_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << int(i);
    }

    void firstOrder()
    {
        QFETCH(int, index);
        const Case& c = cases()[size_t(index)];
        const QString problem = gradcheck(c.fn, inputsFor(c));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void secondOrder_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : doubleBackwardCases())
            QTest::newRow(name) << QString(name);
    }

    void secondOrder()
    {
        QFETCH(QString, name);
        const Case& c = findCase(name.toStdString());
        QString problem;
        try {
            problem = gradcheck(firstGradient(c.fn), inputsFor(c));
        } catch (const Error& e) {
            problem = QString::fromStdString(e.message());
        }
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void broadcastScalarGetsTheSumOfGradients()
    {
        Tensor x = ops::ones({2, 2}, ScalarType::Float64);
        Tensor w = ops::fromValues({}, {3.0}, ScalarType::Float64);
        ops::requiresGrad_(w, true);
        Tensor y = ops::add(x, w);
        backward({y}, {ops::fromValues({2, 2}, {1, 2, 3, 4}, ScalarType::Float64)});
        QCOMPARE(w.grad().dim(), int64_t(0));
        QCOMPARE(w.grad().item(), 10.0);
    }
};

QTEST_APPLESS_MAIN(TestGradcheck)
#include "tst_gradcheck.moc"

// The activations' second derivatives, after 1.13's derivatives.yaml and FunctionsManual.cpp.
// Each line keeps the formula's operations in its order: `a * b * c` is (a * b) * c, a
// C++ `t * 3.0` is the Scalar overload (MulBackward1), and a C++ `1 - t` is
// empty_like(t).fill_(1).sub_(t) (SubBackward0).

#include "core/ops/activation_double_backward.h"

#include <algorithm>

#include "core/ops/internal_ops.h"
#include "core/ops/ops.h"

namespace agv::ops::internal {

namespace {

/// `number - t` as ATen's C++ operator writes it: a filled tensor minus t (SubBackward0).
Tensor scalarMinus(Scalar number, const Tensor& t)
{
    return sub(full(t.sizes(), number, t.dtype(), t.device()), t);
}

/// `mask.type_as(like)`: a comparison's bools as like's dtype.
Tensor typeAs(const Tensor& mask, const Tensor& like)
{
    return toDtype(mask, like.dtype());
}

}  // namespace

Tensor eluDoubleBackward(const Tensor& grad, const Tensor& gradOutput, const EluCoefficients& c, bool isResult,
                         const Tensor& selfOrResult)
{
    const Tensor negative = typeAs(compare(selfOrResult, Scalar(0), CompareOp::Lt), grad);
    const Tensor scaled = mulScalar(mul(grad, gradOutput), c.inputScale);
    if (isResult)
        return mul(scaled, negative);
    return mul(eluBackward(scaled, c, false, selfOrResult), negative);
}

Tensor softplusDoubleBackward(const Tensor& grad, const Tensor& self, Scalar beta, Scalar threshold)
{
    const Tensor x = mulScalar(self, beta);
    const Tensor belowThreshold = typeAs(compare(x, threshold, CompareOp::Lt), grad);
    return mulScalar(mul(sigmoidBackward(grad, sigmoid(x)), belowThreshold), beta);
}

Tensor hardswishDoubleBackward(const Tensor& grad, const Tensor& gradOutput, const Tensor& self)
{
    // at::where(at::logical_and(-3.0 < self, self < 3.0), grad * grad_output / 3.0, at::zeros({}, self.options()))
    const Tensor inside = logical(compare(self, Scalar(-3.0), CompareOp::Gt), compare(self, Scalar(3.0), CompareOp::Lt),
                                  LogicalOp::And);
    return where(inside, divScalar(mul(grad, gradOutput), Scalar(3.0)), zeros({}, self.dtype(), self.device()));
}

Tensor infinitelyDifferentiableSiluBackward(const Tensor& gradOutput, const Tensor& self)
{
    // grad_output * sigmoid * (1.0 + input * (1.0 - sigmoid))
    const Tensor sigmoidOfSelf = sigmoid(self);
    return mul(mul(gradOutput, sigmoidOfSelf), addScalar(mul(self, scalarMinus(1.0, sigmoidOfSelf)), 1.0));
}

Tensor infinitelyDifferentiableMishBackward(const Tensor& gradOutput, const Tensor& self)
{
    const Tensor sigmoidOfSelf = sigmoid(self);
    const Tensor softplusOfSelf = log1p(exp(self));
    const Tensor tanhSoftplus = tanh(softplusOfSelf);
    // grad_output * (tanh_softplus + input * sigmoid * (1.0 - tanh_softplus * tanh_softplus))
    const Tensor slope = mul(mul(self, sigmoidOfSelf), scalarMinus(1.0, mul(tanhSoftplus, tanhSoftplus)));
    return mul(gradOutput, add(tanhSoftplus, slope));
}

Tensor gluDoubleBackwardGradOutput(const Tensor& grad, const Tensor& self, int64_t dim)
{
    if (dim < 0)
        dim += self.dim();
    IntList sizes = self.sizes();
    sizes[size_t(dim)] /= 2;
    const int64_t half = sizes[size_t(dim)];
    const Tensor tmp = mul(grad, gluBackward(ones(sizes, self.dtype(), self.device()), self, dim));
    return add(narrow(tmp, dim, 0, half), narrow(tmp, dim, half, half));
}

Tensor gluDoubleBackward(const Tensor& grad, const Tensor& gradOutput, const Tensor& self, int64_t dim)
{
    const Tensor& gO = gradOutput;
    const int64_t half = self.sizes()[size_t(wrapDim(dim, self.dim()))] / 2;
    const Tensor firstHalf = narrow(self, dim, 0, half);
    const Tensor secondHalf = narrow(self, dim, half, half);
    const Tensor sigSecondHalf = sigmoid(secondHalf);
    const Tensor oneSubSigSecondHalf = scalarMinus(1, sigSecondHalf);
    const Tensor sigOneSubSig = mul(sigSecondHalf, oneSubSigSecondHalf);

    const Tensor ggIFirstHalf = narrow(grad, dim, 0, half);
    const Tensor ggISecondHalf = narrow(grad, dim, half, half);
    const Tensor ggISecondHalfTimesFirstHalf = mul(ggISecondHalf, firstHalf);

    const Tensor gIFirstHalf = mul(mul(ggISecondHalf, gO), sigOneSubSig);
    const Tensor secondOrderSh = sub(mul(sigOneSubSig, oneSubSigSecondHalf), mul(sigSecondHalf, sigOneSubSig));
    const Tensor gISecondHalf = add(mul(mul(ggISecondHalfTimesFirstHalf, gO), secondOrderSh),
                                    mul(mul(ggIFirstHalf, gO), sigOneSubSig));
    return cat({gIFirstHalf, gISecondHalf}, dim);
}

TensorList preluDoubleBackward(const Tensor& gradGradInput, const Tensor& gradGradWeight, const Tensor& gradOutput,
                                  const Tensor& selfIn, const Tensor& weightIn)
{
    if (!gradGradInput.defined() && !gradGradWeight.defined() && !gradOutput.defined())
        return {Tensor(), Tensor(), Tensor()};
    const Tensor input = contiguous(selfIn);
    const Tensor weight = contiguous(weightIn);
    // Undefined gradients are zero-filled, as 1.13 does.
    const Tensor ggI = gradGradInput.defined() ? contiguous(gradGradInput) : zerosLike(input);
    const Tensor ggW = gradGradWeight.defined() ? contiguous(gradGradWeight) : zerosLike(weight);
    const Tensor gO = gradOutput.defined() ? contiguous(gradOutput) : zerosLike(input);

    const Tensor positiveMask = typeAs(compare(input, Scalar(0), CompareOp::Gt), ggI);
    const Tensor nonpositiveMask = typeAs(compare(input, Scalar(0), CompareOp::Le), ggW);

    // With f(i, w) = i where i > 0, else w * i: gI = gO or gO * w, gW = 0 or gO * i; what
    // follows differentiates those in i, w and gO and sums or expands to the right shapes.
    if (weight.numel() == 1) {
        // One weight shared by every channel; a 0-d input takes a 1-d weight as 0-d.
        const bool scalarInput1dWeight = positiveMask.dim() == 0 && weight.dim() == 1;
        const Tensor weightMaybeSqueezed = scalarInput1dWeight ? squeeze(weight) : weight;
        const Tensor ggWMaybeSqueezed = scalarInput1dWeight ? squeeze(ggW) : ggW;
        const Tensor mask = add(positiveMask, mul(nonpositiveMask, expandAs(weightMaybeSqueezed, input)));
        const Tensor ggO = add(mul(ggI, mask), mul(expandAs(ggWMaybeSqueezed, gO), mul(nonpositiveMask, input)));
        return {ggO, mul(mul(expandAs(ggWMaybeSqueezed, gO), gO), nonpositiveMask),
                expandAs(sum(mul(mul(ggI, gO), nonpositiveMask)), weight)};
    }
    // One weight per channel (dim 1): ggW and weight are unsqueezed to (C, 1, ...) to expand.
    const int64_t dimsToUnsqueeze = std::max<int64_t>(input.dim() - 2, 0);
    Tensor ggWExpanded = ggW;
    for (int64_t i = 0; i < dimsToUnsqueeze; ++i)
        ggWExpanded = unsqueeze(ggWExpanded, 1);
    ggWExpanded = expandAs(ggWExpanded, ggI);

    const Tensor gI = mul(mul(ggWExpanded, gO), nonpositiveMask);

    Tensor gW = mul(mul(ggI, gO), nonpositiveMask);
    if (input.dim() > 1)
        gW = sum(gW, IntList{0});
    while (gW.dim() > 1)
        gW = sum(gW, IntList{1});

    Tensor weightExpanded = weight;
    for (int64_t i = 0; i < dimsToUnsqueeze; ++i)
        weightExpanded = unsqueeze(weightExpanded, 1);
    weightExpanded = expandAs(weightExpanded, input);
    const Tensor mask = add(positiveMask, mul(nonpositiveMask, weightExpanded));
    const Tensor ggO = add(mul(ggI, mask), mul(ggWExpanded, mul(nonpositiveMask, input)));
    return {ggO, gI, gW};
}

}  // namespace agv::ops::internal

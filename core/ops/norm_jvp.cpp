#include "core/ops/norm_jvp.h"

#include "core/ops/ops.h"

namespace agv::ops {

Tensor normalizedTangent(const Tensor& input, const Tensor& inputTangent, const Tensor& mean, const Tensor& invstd,
                         const IntList& dims, int64_t numel)
{
    const Tensor centered = sub(input, mean);
    const Tensor centeredTangent = sub(inputTangent, ops::mean(inputTangent, dims, true));
    Tensor invstdTangent = mul(mul(centeredTangent, centered), neg(pow(invstd, Scalar(3))));
    invstdTangent = div(sum(invstdTangent, dims, true), Scalar(numel));
    return add(mul(centeredTangent, invstd), mul(centered, invstdTangent));
}

Tensor affineTangent(const Tensor& out, const Tensor& normalized, const InputTangents& t, const IntList& affineSizes)
{
    Tensor result = out;
    if (t.primal(1).defined())
        result = addTangentTerms(mul(result, view(t.primal(1), affineSizes)), false,
                                 mul(normalized, view(t[1], affineSizes)), t.isZero(1));
    if (t.primal(2).defined())
        result = addTangentTerms(result, false, view(t[2], affineSizes), t.isZero(2));
    return result;
}

}  // namespace agv::ops
